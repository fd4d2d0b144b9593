import { atom } from 'nanostores';
import type { ComponentType } from 'react';
import type { AddSeriesButtonProps } from './AddSeriesButton';
import type { SeriesAdminActionsProps } from './SeriesAdminActions';

/**
 * The admin controls of the ranked lists, handed to the list island by the ListAdminTools island, which
 * hydrates only for signed-in visitors: readers' pages never download catalogue-admin code, and the list
 * needs no dynamic import (whose loader would ship to everyone).
 */
export interface ListAdminTools {
  AddSeriesButton: ComponentType<AddSeriesButtonProps>;
  SeriesAdminActions: ComponentType<SeriesAdminActionsProps>;
}

export const $listAdminTools = atom<ListAdminTools | null>(null);
