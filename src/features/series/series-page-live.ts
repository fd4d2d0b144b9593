import { errorStatus } from '../../lib/api-client';
import { $session } from '../accounts/session-store';
import { markRefreshing, showLiveDetail } from './live-series-dom';
import { showLiveFacts } from './live-series-facts';
import { setUpRatingInfo } from './rating-info';
import { seriesDetailStore } from './series-detail-query';
import { SERIES_NOT_FOUND_DETAIL, SERIES_NOT_FOUND_MESSAGE } from './series-values';
import { goToVotePanel } from './vote-panel-link';

/*
 * The pre-rendered series page's script, in place of a React island: the page's markup is the build's
 * (a band for ranks below the top ten, one-decimal scores: prerendered-values.ts), and this puts in the
 * live figures as soon as the detail arrives. It watches the same cached detail as the vote panel and the
 * admin editor (series-detail-query.ts), so a vote's or an edit's answer shows here too, and follows the
 * session (each reader has a detail of their own). Plain DOM and nanostores: a reader who does not touch
 * the panels loads no framework.
 */

/** The series was removed after the build: the page says so, as the fallback page would. */
function showNotFound(article: HTMLElement): void {
  for (const panel of document.querySelectorAll<HTMLElement>('[data-series-panel]')) panel.hidden = true;
  const message = document.createElement('div');
  message.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = SERIES_NOT_FOUND_MESSAGE;
  const detail = document.createElement('p');
  detail.textContent = SERIES_NOT_FOUND_DETAIL;
  const back = document.createElement('a');
  back.href = '/';
  back.textContent = '← Back to Rankings';
  message.append(heading, detail, back);
  article.replaceWith(message);
}

function start(article: HTMLElement): void {
  const id = Number(article.dataset.seriesDetail);
  setUpRatingInfo(article);
  article.querySelector('[data-rate-link]')?.addEventListener('click', goToVotePanel);
  let stopWatching: (() => void) | undefined;
  $session.subscribe(({ user }) => {
    stopWatching?.();
    stopWatching = seriesDetailStore(id, user).subscribe(({ data, error }) => {
      if (errorStatus(error) === 404) {
        stopWatching?.();
        return showNotFound(article);
      }
      if (data) {
        showLiveDetail(article, data);
        showLiveFacts(article, data);
      }
      // A failed refresh leaves the build's figures, no longer marked as on their way.
      if (data || error !== undefined) markRefreshing(article, false);
    });
  });
}

const article = document.querySelector<HTMLElement>('[data-series-detail]');
if (article && Number.isInteger(Number(article.dataset.seriesDetail))) start(article);
