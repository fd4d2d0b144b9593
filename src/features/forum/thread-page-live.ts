import { WAKE_EVENT } from '../../lib/client-directives/island-events';
import { $session } from '../accounts/session-store';
import { formatForumTime } from './forum-format';
import { threadStore } from './forum-queries';
import { checkListChips } from './list-chips';
import { threadVersion } from './thread-version';

/*
 * The pre-rendered thread page's script. The thread's island (ThreadView) hydrates when the reader reaches
 * for a control (client:interaction); until then this keeps the build's markup true without a framework:
 * times in the reader's time zone (the build knows only UTC), list chips whose list is private again
 * marked so, and the live thread read and polled as the island would; when it differs from the build's
 * (a new, edited or liked post, a locked thread) the island is woken to show it.
 */

function localTimes(root: ParentNode): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-forum-time]')) {
    const text = formatForumTime(time.dateTime, true);
    if (text && time.textContent !== text) time.textContent = text;
  }
}

function start(page: HTMLElement): void {
  const id = Number(page.dataset.thread);
  localTimes(page);
  void checkListChips(page);
  const island = page.querySelector('astro-island');
  let woken = false;
  let stopWatching: (() => void) | undefined;
  $session.subscribe(({ user }) => {
    stopWatching?.();
    stopWatching = threadStore(id, user).subscribe(({ data }) => {
      if (woken || !data || threadVersion(data) === page.dataset.threadVersion) return;
      woken = true;
      island?.dispatchEvent(new Event(WAKE_EVENT));
    });
  });
}

const page = document.querySelector<HTMLElement>('[data-thread-version]');
if (page && Number.isInteger(Number(page.dataset.thread))) start(page);
