import { SERIES_TYPES, type SeriesType } from '../../../contract/catalogue-values';

export { SERIES_TYPES, type SeriesType };
/** The type filter of the header: ALL or one series type. */
export type TypeFilter = 'ALL' | SeriesType;

export interface TypeLink {
  filter: TypeFilter;
  href: string;
}

/** The type dropdown's entries, in menu order; lowercase paths are canonical. */
export const TYPE_LINKS: readonly TypeLink[] = [
  { filter: 'ALL', href: '/' },
  ...SERIES_TYPES.map((type) => ({ filter: type, href: `/type/${type.toLowerCase()}` })),
];

function asSeriesType(segment: string | undefined): SeriesType | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment ?? '').toUpperCase();
  } catch {
    return undefined;
  }
  return (SERIES_TYPES as readonly string[]).includes(decoded) ? (decoded as SeriesType) : undefined;
}

/**
 * The type a path selects: `/type/{type}` in any casing gives that type, and so does the short form
 * `/{type}` (which redirects there). Anything else, `/` included, gives ALL. A built `.html` suffix is
 * ignored so the same answer holds at build time and in the browser.
 */
export function typeFromPath(pathname: string): TypeFilter {
  const segments = pathname
    .replace(/\.html$/i, '')
    .split('/')
    .filter((segment) => segment !== '');
  if (segments.length === 2 && segments[0]?.toLowerCase() === 'type')
    return asSeriesType(segments[1]) ?? 'ALL';
  if (segments.length === 1) return asSeriesType(segments[0]) ?? 'ALL';
  return 'ALL';
}
