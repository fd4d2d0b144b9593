/** An integer[] literal for a bound parameter (`${intArray(ids)}::int[]`): one parameter however many ids. */
export const intArray = (ids: readonly number[]): string => `{${ids.join(',')}}`;
