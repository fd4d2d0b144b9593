import { formatCount, formatOneDecimal } from '../catalogue/series-format';

/* The series page's score block texts (its own module: series-page.ts ships with every catalogue island). */

/**
 * The series page's line under the final score: "Mean of votes 8.4 from 12 voters" (the plain mean of the
 * voted categories' averages, and the distinct voters), or null while nobody has voted.
 */
export function meanOfVotesText(meanScore: number | null, voters: number): string | null {
  if (meanScore === null || voters <= 0) return null;
  const readers = `${formatCount(voters)} ${voters === 1 ? 'voter' : 'voters'}`;
  return `Mean of votes ${formatOneDecimal(meanScore)} from ${readers}`;
}
