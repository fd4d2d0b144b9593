import { genreSlug } from '../../../contract/catalogue-values';
import type { SeriesDetail } from '../catalogue/catalogue-types';
import { coverSources, type CoverSources } from '../catalogue/cover-image';
import { splitGenres, statusLabel } from '../catalogue/series-format';
import { externalLinks } from './external-links';
import { NO_SYNOPSIS, seriesCounts } from './series-values';

/*
 * Puts what an admin may have changed since the build into a pre-rendered series page (SeriesDetailView's
 * and SeriesFacts' markup, never hydrated), at the places marked `data-live`: title, status, other names,
 * type, genres, author, artist, counts, the same work elsewhere, synopsis, cover and banner. The figures are
 * live-series-dom.ts's. A part is only rewritten when its text differs, so an unchanged page is untouched.
 */

const live = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-live="${name}"]`);

function setText(element: Element | null, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

function element(tag: string, text?: string, attributes: Record<string, string> = {}): HTMLElement {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

/** Rewrites `target`'s children when what they read as differs from `text` (the parts joined). */
function replaceWhenChanged(target: Element | null, text: string, build: () => Node[]): void {
  if (!target || target.textContent === text) return;
  target.replaceChildren(...build());
}

/** A list section (other names, "Also on"): its items, and hidden when there are none. */
function showList(section: HTMLElement | null, items: { text: string; make: () => Node }[]): void {
  if (!section) return;
  section.hidden = items.length === 0;
  const list = section.querySelector('ul');
  replaceWhenChanged(list, items.map((item) => item.text).join(''), () =>
    items.map((item) => {
      const entry = element('li');
      entry.append(item.make());
      return entry;
    }),
  );
}

function showStatus(root: ParentNode, detail: SeriesDetail): void {
  const ribbon = live(root, 'status');
  if (!ribbon) return;
  const label = statusLabel(detail.status);
  ribbon.hidden = label === null;
  if (detail.status) ribbon.dataset.status = detail.status;
  replaceWhenChanged(ribbon, `Status: ${label ?? ''}`, () => [
    element('span', 'Status: ', { class: 'visually-hidden' }),
    document.createTextNode(label ?? ''),
  ]);
}

function showGenres(target: HTMLElement | null, genre: string | null): void {
  const genres = splitGenres(genre).filter((name) => genreSlug(name) !== '');
  replaceWhenChanged(target, genres.length ? genres.join(', ') : '–', () =>
    genres.length === 0
      ? [document.createTextNode('–')]
      : genres.flatMap((name, index) => [
          ...(index > 0 ? [document.createTextNode(', ')] : []),
          element('a', name, { href: `/genre/${genreSlug(name)}` }),
        ]),
  );
}

function showCounts(target: HTMLElement | null, detail: SeriesDetail): void {
  if (!target) return;
  const counts = seriesCounts(detail);
  target.hidden = counts.length === 0;
  replaceWhenChanged(target, counts.map(({ label, value }) => `${label} ${value}`).join(' · '), () =>
    counts.flatMap(({ label, value }, index) => {
      const count = element('span', `${label} `);
      count.append(element('b', String(value)));
      return index > 0 ? [document.createTextNode(' · '), count] : [count];
    }),
  );
}

/** A new cover or banner (an admin's upload) into the build's image; a page built without one keeps none. */
function showImage(image: HTMLImageElement | null, sources: CoverSources | null): void {
  if (!image || !sources || image.getAttribute('src') === sources.src) return;
  if (sources.srcSet) image.setAttribute('srcset', sources.srcSet);
  else image.removeAttribute('srcset');
  image.src = sources.src;
}

/** Shows `detail`'s names and facts in the page's markup under `root`. */
export function showLiveFacts(root: ParentNode, detail: SeriesDetail): void {
  setText(live(root, 'title'), detail.title);
  showStatus(root, detail);
  showList(
    live(root, 'alt-titles'),
    detail.alt_titles.map((title) => ({ text: title, make: () => document.createTextNode(title) })),
  );
  setText(live(root, 'type'), detail.type);
  showGenres(live(root, 'genre'), detail.genre);
  setText(live(root, 'author'), detail.author || '–');
  setText(live(root, 'artist'), detail.artist || '–');
  showCounts(live(root, 'counts'), detail);
  showList(
    live(root, 'also-on'),
    externalLinks(detail).map(({ site, url }) => ({
      text: `${site} (opens in a new tab)`,
      make: () => {
        const link = element('a', site, { href: url, target: '_blank', rel: 'noopener' });
        link.append(element('span', ' (opens in a new tab)', { class: 'visually-hidden' }));
        return link;
      },
    })),
  );
  setText(live(root, 'synopsis'), detail.synopsis.trim() || NO_SYNOPSIS);
  showImage(
    live(root, 'poster') as HTMLImageElement | null,
    coverSources(detail.cover_url, detail.cover_variants),
  );
  showImage(
    live(root, 'banner') as HTMLImageElement | null,
    detail.has_detail_cover ? coverSources(detail.series_cover_url, detail.series_cover_variants) : null,
  );
}
