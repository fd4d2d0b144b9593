import type { ReadingList } from '../../../../contract/reading-lists';

/** A list counts as public only when is_public is true and a share_token exists. */
export function isPublicList(list: ReadingList): list is ReadingList & { share_token: string } {
  return list.is_public === true && typeof list.share_token === 'string' && list.share_token.length > 0;
}
