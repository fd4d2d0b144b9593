import { api } from '../../../lib/api-client';

/**
 * The one reading-list call the editor's list picker makes (GET /reading-lists/me). Kept here, small, so
 * the picker does not depend on the reading-lists feature's modules.
 */
export interface PickerList {
  id: number;
  name: string;
  is_public: boolean;
  share_token: string | null;
}

export function fetchMyLists(): Promise<PickerList[]> {
  return api<PickerList[]>('/reading-lists/me');
}

/** Spec §2: a list counts as public only when is_public is true and a share_token exists. */
export function isPublicList(list: PickerList): list is PickerList & { share_token: string } {
  return list.is_public === true && typeof list.share_token === 'string' && list.share_token.length > 0;
}
