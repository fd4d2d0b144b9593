import { SCRIPT_OWNED_ATTRIBUTE } from '../../lib/client-directives/island-events';
import styles from './RankingList.module.css';

/*
 * What the pre-rendered pages' scroll script (scroll-pages.ts) shows under the cards, made as ListStatus
 * renders it: the end message identically, since React hydrates it as its own; the error with "Try again"
 * the script's own (React never sees it: it is removed when React takes over).
 */

/** The failure with its "Try again", which the script handles without waking React. */
export function errorBox(message: string, onRetry: () => void): Element {
  const box = document.createElement('div');
  box.className = styles.message ?? '';
  box.setAttribute('role', 'alert');
  box.setAttribute(SCRIPT_OWNED_ATTRIBUTE, '');
  const text = document.createElement('p');
  text.textContent = message;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = styles.secondaryButton ?? '';
  retry.dataset.retry = '';
  retry.textContent = 'Try again';
  retry.addEventListener('click', onRetry);
  box.append(text, retry);
  return box;
}

/** The end message as ListStatus renders it, so React hydrates it as its own. */
export function endElement(message: string): Element {
  const end = document.createElement('p');
  end.className = styles.end ?? '';
  end.textContent = message;
  return end;
}
