import { atom } from 'nanostores';
import type { ComponentType } from 'react';
import type { AddSeriesButtonProps } from '../catalogue-admin/AddSeriesButton';
import type { SeriesAdminActionsProps } from '../catalogue-admin/SeriesAdminActions';
import type { ListToggleProps } from '../reading-lists/ListToggle';

/**
 * What the ranked lists show signed-in visitors only: the reading-list toggle, "Create Reading List" and
 * its dialogs, and the admin controls. The SignedInListTools island hands them over; it hydrates only for
 * signed-in visitors (`client:interaction={{ now: '[data-signed-in]' }}`), so readers' pages never
 * download reading-list or catalogue-admin code, and the list needs no dynamic import (whose loader would
 * ship to everyone).
 */
export interface SignedInListTools {
  ListToggle: ComponentType<ListToggleProps>;
  CreateListButton: ComponentType;
  ReadingListsHost: ComponentType;
  /** Shown to admins only (the list checks the role). */
  AddSeriesButton: ComponentType<AddSeriesButtonProps>;
  SeriesAdminActions: ComponentType<SeriesAdminActionsProps>;
}

export const $signedInListTools = atom<SignedInListTools | null>(null);
