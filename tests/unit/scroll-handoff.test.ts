import { describe, expect, it } from 'vitest';
import {
  handOverProps,
  isLastPage,
  pagePath,
  serializedId,
  serializedItems,
  type SerializedItem,
} from '../../src/features/catalogue/scroll-handoff';

const item = (id: number): SerializedItem => ({ id, title: `Series ${id}` });

/** A list island's props as Astro writes them (`[0, value]`), its series as one JSON string. */
const islandProps = (ids: number[]) =>
  JSON.stringify({
    type: [0, 'ALL'],
    initialItemsJson: [0, JSON.stringify(ids.map(item))],
    initialPage: [0, 1],
    heading: [0, 'Top ranked series'],
  });

describe('scroll hand-over', () => {
  it("reads a page's series and their ids from its island props", () => {
    const items = serializedItems(islandProps([4, 9]));
    expect(items.map(serializedId)).toEqual([4, 9]);
    expect(serializedItems(null)).toEqual([]);
    expect(serializedItems(JSON.stringify({ initialItemsJson: [0, '"not a list"'] }))).toEqual([]);
    expect(serializedItems(JSON.stringify({ initialItemsJson: [1, []] }))).toEqual([]);
    expect(serializedId({ title: 'No id' })).toBeUndefined();
  });

  it('hands over the appended series, the pages they are and whether the end is shown', () => {
    const props = JSON.parse(
      handOverProps(islandProps([1, 2]), { items: [item(3), item(4)], pages: 1, ended: true, pending: true }),
    );
    expect(serializedItems(JSON.stringify(props)).map(serializedId)).toEqual([1, 2, 3, 4]);
    expect(props.initialPageCount).toEqual([0, 2]);
    expect(props.initialEnded).toEqual([0, true]);
    expect(props.initialPending).toEqual([0, true]);
    // The other props are kept as Astro wrote them.
    expect(props.initialPage).toEqual([0, 1]);
    expect(props.heading).toEqual([0, 'Top ranked series']);
  });

  it('nothing appended hands over the page as it was', () => {
    const props = JSON.parse(
      handOverProps(islandProps([1]), { items: [], pages: 0, ended: false, pending: false }),
    );
    expect(props.initialItemsJson).toEqual([0, JSON.stringify([item(1)])]);
    expect(props.initialPageCount).toEqual([0, 1]);
  });

  it('ends on the last pre-rendered page', () => {
    expect(isLastPage(3, 3)).toBe(true);
    expect(isLastPage(2, 3)).toBe(false);
    expect(isLastPage(1, 1)).toBe(true);
  });

  it("makes any page's path from page 2's", () => {
    expect(pagePath('/page/2', 7)).toBe('/page/7');
    expect(pagePath('/type/manhwa/genre/action/page/2', 12)).toBe('/type/manhwa/genre/action/page/12');
  });
});
