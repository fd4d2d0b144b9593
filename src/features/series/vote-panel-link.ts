import { VOTE_PANEL_ID } from './series-page';

/**
 * "Rate this series" (phones and tablets, where the vote panel is further down): scrolls to the panel and
 * moves the focus there, so the keyboard and screen readers follow. Without a shown panel the link's own
 * jump stays. The React view passes its click event; the pre-rendered page's script a DOM one.
 */
export function goToVotePanel(event: { preventDefault(): void }): void {
  const panel = document.getElementById(VOTE_PANEL_ID);
  if (!panel || panel.hidden) return;
  event.preventDefault();
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  panel.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  panel.focus({ preventScroll: true });
}
