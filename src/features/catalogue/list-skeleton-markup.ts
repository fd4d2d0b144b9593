import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ListSkeleton } from './ListStatus';

let markup: string | undefined;

/**
 * The placeholders a list page keeps in a template for its scroll script, as HTML. They are the same on
 * every list page and never hydrate, so a build renders them once rather than once per page: 25 cards of
 * markup were a sizeable part of each of 30,000 list pages' React work.
 */
export function listSkeletonMarkup(): string {
  return (markup ??= renderToStaticMarkup(createElement(ListSkeleton)));
}
