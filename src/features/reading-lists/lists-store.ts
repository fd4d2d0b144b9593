import { atom, computed } from 'nanostores';
import { MAX_LISTS_PER_USER } from '../../../contract/reading-lists-values';
import type { ReadingList } from '../../../contract/reading-lists';
import { createFetcherStore } from '../../lib/query';
import { $session } from '../accounts/session-store';
import { fetchMyLists, MY_LISTS_PATH } from './lists-api';

/*
 * The signed-in user's lists, fetched once per page (GET /reading-lists/me) and shared by every series card,
 * the home page's create button and the modals. Changes made through the modals replace the list in the
 * store with the API's answer, so every card's toggle follows without another request.
 */

/** The signed-in user's id as a key part: no user, no request; another user, another cache entry. */
const $listsOwner = computed($session, (session) => (session.user ? `?user=${session.user.id}` : null));

export const $myLists = createFetcherStore<ReadingList[]>([MY_LISTS_PATH, $listsOwner], {
  fetcher: () => fetchMyLists(),
  // Never refetched on its own: the page's own changes keep it current (see replaceList, dropList).
  dedupeTime: Infinity,
  revalidateOnFocus: false,
});

function currentLists(): ReadingList[] | undefined {
  return $myLists.get().data;
}

/** Puts the API's answer for one list into the store (a new list goes last). */
export function replaceList(list: ReadingList): void {
  const lists = currentLists() ?? [];
  const index = lists.findIndex((existing) => existing.id === list.id);
  $myLists.mutate(index === -1 ? [...lists, list] : lists.with(index, list));
}

export function dropList(id: number): void {
  const lists = currentLists();
  if (lists) $myLists.mutate(lists.filter((list) => list.id !== id));
}

/** Ids of the series in any of the user's lists. */
export const $seriesInLists = computed($myLists, ({ data }) => {
  const ids = new Set<number>();
  for (const list of data ?? []) for (const item of list.items) ids.add(item.series_id);
  return ids;
});

/** True once the lists are known and the user may still create one. */
export const $canCreateList = computed(
  $myLists,
  ({ data }) => data !== undefined && data.length < MAX_LISTS_PER_USER,
);

/** Which modal is open: adding one series to a list, or creating a list. */
export type ListDialog = { kind: 'add'; series: { id: number; title: string } } | { kind: 'create' };

export const $listDialog = atom<ListDialog | null>(null);

export function openAddToList(series: { id: number; title: string }): void {
  $listDialog.set({ kind: 'add', series });
}

export function openCreateList(): void {
  $listDialog.set({ kind: 'create' });
}

export function closeListDialog(): void {
  $listDialog.set(null);
}

/** The outcome of the last change made in a modal, for the page's live region. */
export const $listsAnnouncement = atom<{ text: string; id: number } | null>(null);
let announcementId = 0;

export function announceListChange(text: string): void {
  announcementId += 1;
  $listsAnnouncement.set({ text, id: announcementId });
}
