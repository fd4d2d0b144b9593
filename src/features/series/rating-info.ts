/*
 * The score block's "i" button on a pre-rendered series page, where React does not run: the behaviour
 * SeriesScore's RatingInfo has in React, on the same markup (`data-rating-info`). Its tooltip shows on
 * hover and keyboard focus (CSS), and on a tap (`data-pinned`); Escape hides it (`data-dismissed`) until the
 * pointer leaves.
 */

function set(info: HTMLElement, button: HTMLButtonElement, pinned: boolean, dismissed: boolean): void {
  info.dataset.pinned = String(pinned);
  info.dataset.dismissed = String(dismissed);
  button.setAttribute('aria-expanded', String(pinned));
}

/** Gives every rating info button under `root` its behaviour. */
export function setUpRatingInfo(root: ParentNode): void {
  for (const info of root.querySelectorAll<HTMLElement>('[data-rating-info]')) {
    const button = info.querySelector('button');
    if (!button) continue;
    button.addEventListener('click', () => set(info, button, info.dataset.pinned !== 'true', false));
    button.addEventListener('blur', () => set(info, button, false, false));
    button.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') set(info, button, false, true);
    });
    info.addEventListener('mouseleave', () => {
      info.dataset.dismissed = 'false';
    });
  }
}
