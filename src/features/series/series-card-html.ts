import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LRUCache } from 'lru-cache';
import type { RankedSeries } from '../catalogue/catalogue-types';
import SeriesCard from '../catalogue/SeriesCard';

/*
 * The static cards of a series page's related series and "Readers also liked", as HTML. A series' card is the
 * same on every page that shows it (the build holds one pre-rendered object per series: build-catalogue.ts),
 * and the best-ranked series sit on thousands of pages, so each card is rendered once and its markup reused:
 * at 100,000 series pages React building a dozen cards per page was most of its share of a page. Static
 * markup: nothing hydrates these cards.
 */

const RENDERED_CARDS = 20_000;
const cards = new LRUCache<RankedSeries, string>({ max: RENDERED_CARDS });

export function seriesCardHtml(series: RankedSeries): string {
  let html = cards.get(series);
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(SeriesCard, { series, headingLevel: 3, standing: false }));
    cards.set(series, html);
  }
  return html;
}
