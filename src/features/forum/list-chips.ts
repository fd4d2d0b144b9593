import { api, errorStatus } from '../../lib/api-client';
import { createFetcherStore, storeFamily } from '../../lib/query';
import { FORUM_TEXT } from '../../../contract/forum-values';
import { LIST_CHIP_CLASS, LIST_CHIP_GONE_CLASS } from './post-text';

/** One check per token and page view, however many posts link the list. */
const publicListCheck = storeFamily((token: string) =>
  createFetcherStore<boolean>(['reading-lists/public-check/', token], {
    // False only when the API says the list is not public; an unreachable API proves nothing.
    fetcher: () =>
      api(`/reading-lists/public/${encodeURIComponent(token)}`, { method: 'GET' }).then(
        () => true,
        (error: unknown) => {
          const status = errorStatus(error);
          return !(status === 404 || status === 403 || status === 410);
        },
      ),
    dedupeTime: Infinity,
    revalidateOnFocus: false,
  }),
);

export async function isListStillPublic(token: string): Promise<boolean> {
  const answer = await publicListCheck(token).fetch();
  return 'data' in answer ? answer.data : true;
}

/**
 * Checks every list chip inside `root` (rendered post bodies) and turns those whose list is no longer
 * public into plain text saying so. Returns when all checks are done.
 */
export async function checkListChips(root: ParentNode): Promise<void> {
  const chips = Array.from(root.querySelectorAll<HTMLAnchorElement>(`a.${LIST_CHIP_CLASS}[data-list-token]`));
  await Promise.all(
    chips.map(async (chip) => {
      const token = chip.dataset.listToken;
      if (!token || (await isListStillPublic(token)) || !chip.isConnected) return;
      const gone = document.createElement('span');
      gone.className = `${LIST_CHIP_CLASS} ${LIST_CHIP_GONE_CLASS}`;
      gone.textContent = FORUM_TEXT.listNoLongerPublic;
      chip.replaceWith(gone);
    }),
  );
}
