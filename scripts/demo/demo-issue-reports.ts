import { SeededRandom } from './seeded-random';
import type { Database } from '../../api/db/client';
import { bulkInsert } from '../../api/db/bulk-insert';
import type { IssueStatus, IssueType } from '../../contract/issues';

/*
 * Generated issue reports, deterministic per seed: varied titles and descriptions for benchmarks and demos
 * of the tracker's search. No screenshots, and only example.com addresses.
 */

const PAGES = ['home page', 'series page', 'compare page', 'forum', 'reading lists', 'login page', 'search'];
const CONTROLS = ['vote button', 'search box', 'type menu', 'share button', 'reply editor', 'like button'];
const PROBLEMS = [
  'does nothing when clicked',
  'shows an error',
  'is cut off on my phone',
  'loads forever',
  'jumps around while loading',
  'cannot be reached with the keyboard',
];
const SERIES_WORDS = [
  'Solo',
  'Tower',
  'Crimson',
  'Blade',
  'Moon',
  'Climber',
  'Dragon',
  'Academy',
  'Return',
  'Sword',
];
const CONTENT_FIELDS = ['cover', 'author', 'artist', 'genre list', 'status', 'synopsis', 'title'];
const FEATURES = [
  'a dark mode switch',
  'filters by year',
  'an export of my reading lists',
  'notifications for new chapters',
  'a random series button',
  'keyboard shortcuts',
];
const SENTENCES = [
  'It happens every time I try.',
  'I am using the latest browser version.',
  'Reloading the page does not help.',
  'It worked fine last week.',
  'Other pages seem fine.',
  'Thanks for the great site!',
  'I can send more details if needed.',
  'It only happens when I am signed in.',
  'Happens on both my laptop and my phone.',
  'The console shows nothing unusual.',
];

function seriesTitle(random: SeededRandom): string {
  return `${random.pick(SERIES_WORDS)} ${random.pick(SERIES_WORDS)}`;
}

function reportText(random: SeededRandom, type: IssueType): { title: string; description: string } {
  const extra = random.sample(SENTENCES, random.int(1, 3)).join(' ');
  switch (type) {
    case 'BUG': {
      const control = random.pick(CONTROLS);
      const problem = random.pick(PROBLEMS);
      const page = random.pick(PAGES);
      return {
        title: `The ${control} ${problem}`,
        description: `On the ${page}, the ${control} ${problem}. ${extra}`,
      };
    }
    case 'CONTENT': {
      const field = random.pick(CONTENT_FIELDS);
      const title = seriesTitle(random);
      return {
        title: `Wrong ${field} for ${title}`,
        description: `The ${field} shown for ${title} does not match the official release. ${extra}`,
      };
    }
    case 'FEATURE': {
      const feature = random.pick(FEATURES);
      return {
        title: `Please add ${feature}`,
        description: `It would be great to have ${feature}. ${extra}`,
      };
    }
    default: {
      const page = random.pick(PAGES);
      return {
        title: `Question about the ${page}`,
        description: `How does the ${page} decide its order? ${extra}`,
      };
    }
  }
}

/** Inserts `count` reports created over the past year, most of them still open. */
export async function seedDemoIssueReports(
  db: Database,
  { count, seed = 1 }: { count: number; seed?: number },
): Promise<void> {
  const random = new SeededRandom(seed);
  const types: IssueType[] = [];
  const statuses: IssueStatus[] = [];
  const titles: string[] = [];
  const descriptions: string[] = [];
  const pageUrls: (string | null)[] = [];
  const emails: (string | null)[] = [];
  const createdAt: string[] = [];
  const now = Date.now();
  for (let index = 0; index < count; index++) {
    const type = random.weighted<IssueType>([
      ['BUG', 5],
      ['CONTENT', 3],
      ['FEATURE', 2],
      ['OTHER', 1],
    ]);
    const text = reportText(random, type);
    types.push(type);
    titles.push(text.title);
    descriptions.push(text.description);
    statuses.push(
      random.weighted<IssueStatus>([
        ['OPEN', 5],
        ['IN_PROGRESS', 2],
        ['FIXED', 3],
        ['WONT_FIX', 1],
      ]),
    );
    pageUrls.push(random.chance(0.6) ? `/series/${random.int(1, 300)}` : null);
    emails.push(random.chance(0.3) ? `reporter${index}@example.com` : null);
    createdAt.push(new Date(now - random.int(0, 365 * 86_400_000)).toISOString());
  }
  await bulkInsert(
    db,
    'issue_reports',
    [
      { name: 'type', type: 'text', cast: 'issue_type' },
      { name: 'status', type: 'text', cast: 'issue_status' },
      { name: 'title', type: 'text' },
      { name: 'description', type: 'text' },
      { name: 'page_url', type: 'text' },
      { name: 'email', type: 'text' },
      { name: 'created_at', type: 'text', cast: 'timestamptz' },
      { name: 'updated_at', type: 'text', cast: 'timestamptz' },
    ],
    [types, statuses, titles, descriptions, pageUrls, emails, createdAt, createdAt],
  );
}
