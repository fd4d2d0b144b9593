import type { SeriesType } from '../../api/db/schema';
import type { SeededRandom } from './seeded-random';

/**
 * Word lists and templates for the demo catalogue: invented titles, creator names in the style of each
 * comic tradition, and synopses. Nothing here is a real title or person.
 */

export const DEMO_GENRES = [
  'Action',
  'Fantasy',
  'Romance',
  'Drama',
  'Comedy',
  'Thriller',
  'Slice of Life',
  'Martial Arts',
  'Isekai',
  'Horror',
  'Sci-Fi',
  'Mystery',
  'Sports',
  'Historical',
] as const;
export type DemoGenre = (typeof DEMO_GENRES)[number];

/** How common each genre is overall, then how much more (or less) common in each tradition. */
const GENRE_WEIGHTS: Record<DemoGenre, number> = {
  Action: 16,
  Fantasy: 16,
  Romance: 14,
  Drama: 12,
  Comedy: 10,
  Thriller: 5,
  'Slice of Life': 7,
  'Martial Arts': 6,
  Isekai: 6,
  Horror: 3,
  'Sci-Fi': 4,
  Mystery: 4,
  Sports: 3,
  Historical: 5,
};
const GENRE_BIAS: Record<SeriesType, Partial<Record<DemoGenre, number>>> = {
  MANHWA: { Fantasy: 1.5, Romance: 1.3, Action: 1.2, Isekai: 1.4 },
  MANGA: { 'Slice of Life': 1.6, Sports: 2.2, Comedy: 1.3, Mystery: 1.4, Horror: 1.5 },
  MANHUA: { 'Martial Arts': 3.5, Fantasy: 1.4, Historical: 1.8, 'Slice of Life': 0.6 },
};

export function pickGenres(random: SeededRandom, type: SeriesType): DemoGenre[] {
  const count = random.weighted([
    [1, 30],
    [2, 45],
    [3, 25],
  ] as const);
  const genres: DemoGenre[] = [];
  while (genres.length < count) {
    const genre = random.weighted(
      DEMO_GENRES.filter((g) => !genres.includes(g)).map(
        (g) => [g, GENRE_WEIGHTS[g] * (GENRE_BIAS[type][g] ?? 1)] as const,
      ),
    );
    genres.push(genre);
  }
  return genres;
}

const ADJECTIVES = [
  'Crimson',
  'Silent',
  'Eternal',
  'Broken',
  'Hidden',
  'Golden',
  'Last',
  'Frozen',
  'Wandering',
  'Fallen',
  'Cursed',
  'Heavenly',
  'Shadow',
  'Midnight',
  'Infinite',
  'Lonely',
  'Savage',
  'Gentle',
  'Scarlet',
  'Azure',
  'Iron',
  'Jade',
  'Moonlit',
  'Forgotten',
  'Reckless',
  'Sleepless',
  'Nameless',
  'Radiant',
  'Hollow',
  'Ninth',
  'Starless',
  'Borrowed',
  'Paper',
  'Velvet',
  'Thorned',
  'Ashen',
  'Winter',
  'Summer',
  'Secret',
  'Wicked',
] as const;

const NOUNS = [
  'Blade',
  'Throne',
  'Garden',
  'Oath',
  'Crown',
  'Flame',
  'Tide',
  'Spring',
  'Requiem',
  'Covenant',
  'Lantern',
  'Petal',
  'Storm',
  'Ember',
  'Echo',
  'Mask',
  'Compass',
  'Melody',
  'Labyrinth',
  'Citadel',
  'Star',
  'Fang',
  'Letter',
  'Promise',
  'Harvest',
  'Mirror',
  'Sparrow',
  'Dragon',
  'Tiger',
  'Lotus',
  'Feather',
  'Chronicle',
  'Sonata',
  'Ledger',
  'Verdict',
  'Horizon',
  'Wish',
  'Shrine',
  'Banner',
  'Key',
] as const;

const ROLES = [
  'Swordsman',
  'Necromancer',
  'Healer',
  'Villainess',
  'Duke',
  'Archmage',
  'Hunter',
  'Knight',
  'Alchemist',
  'Chef',
  'Detective',
  'Heir',
  'Regressor',
  'Sect Master',
  'Empress',
  'Courier',
  'Idol',
  'Striker',
  'Exorcist',
  'Beast Tamer',
  'Merchant',
  'Princess',
  'Tyrant',
  'Assassin',
  'Librarian',
  'Bodyguard',
] as const;

const PLACES = [
  'Academy',
  'Empire',
  'Mountain',
  'Sect',
  'Tower',
  'Dungeon',
  'Capital',
  'Valley',
  'Kingdom',
  'Frontier',
  'Archipelago',
  'Court',
  'City',
  'Station',
  'Harbor',
  'Palace',
  'Abyss',
  'Forest',
  'Manor',
  'Desert',
] as const;

/** Words that give a title the flavour of its main genre. */
const GENRE_NOUNS: Record<DemoGenre, readonly string[]> = {
  Action: ['Fist', 'Gauntlet', 'Raid', 'Rampage', 'Bullet'],
  Fantasy: ['Spell', 'Relic', 'Grimoire', 'Wyvern', 'Rune'],
  Romance: ['Heart', 'Kiss', 'Wedding', 'Confession', 'Blossom'],
  Drama: ['Tears', 'Secrets', 'Family', 'Debt', 'Farewell'],
  Comedy: ['Disaster', 'Roommate', 'Nonsense', 'Mischief', 'Blunder'],
  Thriller: ['Deadline', 'Hostage', 'Trap', 'Conspiracy', 'Countdown'],
  'Slice of Life': ['Bakery', 'Café', 'Neighbor', 'Afternoon', 'Bento'],
  'Martial Arts': ['Sword', 'Palm', 'Dao', 'Qi', 'Tournament'],
  Isekai: ['Status Window', 'System', 'Second Life', 'Quest', 'Level'],
  Horror: ['Curse', 'Ghost', 'Hunger', 'Doll', 'Well'],
  'Sci-Fi': ['Orbit', 'Android', 'Signal', 'Colony', 'Mech'],
  Mystery: ['Case', 'Clue', 'Cipher', 'Alibi', 'Riddle'],
  Sports: ['Ace', 'Rally', 'Goal', 'Lap', 'Match'],
  Historical: ['Dynasty', 'Concubine', 'General', 'Scroll', 'Edict'],
};

const ORDINALS = ['Second', 'Third', 'Seventh', 'Ninth', 'Hundredth', 'Thousandth'] as const;

/** A plausible title for a series whose main genre is `genre`. */
export function makeTitle(random: SeededRandom, genre: DemoGenre, type: SeriesType): string {
  const adjective = random.pick(ADJECTIVES);
  const noun = random.chance(0.45) ? random.pick(GENRE_NOUNS[genre]) : random.pick(NOUNS);
  const otherNoun = random.pick(NOUNS);
  const role = random.pick(ROLES);
  const place = random.pick(PLACES);
  const templates: (readonly [string, number])[] = [
    [`The ${adjective} ${noun}`, 14],
    [`${noun} of the ${adjective} ${place}`, 10],
    [`${adjective} ${noun}`, 10],
    [`Return of the ${adjective} ${role}`, genre === 'Action' || genre === 'Martial Arts' ? 8 : 3],
    [`The ${role}'s ${noun}`, 8],
    [`${noun} and ${otherNoun}`, 5],
    [`My ${adjective} ${role}`, genre === 'Romance' || genre === 'Comedy' ? 9 : 2],
    [
      `I Became the ${role} of the ${adjective} ${place}`,
      genre === 'Isekai' ? 14 : type === 'MANHWA' ? 4 : 1,
    ],
    [`Reborn as the ${adjective} ${role}`, genre === 'Isekai' || genre === 'Fantasy' ? 7 : 1],
    [`The ${random.pick(ORDINALS)} ${role}`, 4],
    [`Tales of the ${adjective} ${place}`, 4],
    [`A ${noun} for the ${role}`, 3],
  ];
  return random.weighted(templates);
}

const KOREAN_SURNAMES = [
  'Kim',
  'Lee',
  'Park',
  'Choi',
  'Jung',
  'Kang',
  'Cho',
  'Yoon',
  'Jang',
  'Lim',
  'Han',
  'Oh',
  'Seo',
  'Shin',
  'Kwon',
  'Hwang',
  'Ahn',
  'Song',
  'Yoo',
  'Hong',
] as const;
const KOREAN_SYLLABLES = [
  'ji',
  'min',
  'seo',
  'hyun',
  'woo',
  'jun',
  'soo',
  'yeon',
  'ha',
  'eun',
  'tae',
  'jae',
  'hye',
  'young',
  'sung',
  'dong',
  'ho',
  'kyung',
  'na',
  'rin',
  'bin',
  'chan',
  'joon',
  'yoon',
  'ah',
] as const;
const JAPANESE_SURNAMES = [
  'Tanaka',
  'Suzuki',
  'Takahashi',
  'Watanabe',
  'Ito',
  'Yamamoto',
  'Nakamura',
  'Kobayashi',
  'Kato',
  'Yoshida',
  'Yamada',
  'Sasaki',
  'Matsumoto',
  'Inoue',
  'Kimura',
  'Hayashi',
  'Shimizu',
  'Mori',
  'Ikeda',
  'Hashimoto',
  'Aoki',
  'Fujita',
  'Ogawa',
  'Okada',
] as const;
const JAPANESE_STARTS = [
  'Ha',
  'Ka',
  'Ki',
  'Ko',
  'Sa',
  'Shi',
  'Ta',
  'To',
  'Na',
  'Mi',
  'Yu',
  'Ri',
  'A',
  'E',
  'Ma',
  'Ryo',
  'Hi',
  'Sho',
  'Ao',
] as const;
const JAPANESE_MIDDLES = ['', '', 'ru', 'ku', 'na', 'mi', 'ka', 'ri', 'yo', 'ze'] as const;
const JAPANESE_ENDINGS = [
  'ko',
  'ro',
  'ta',
  'ki',
  'mi',
  'ka',
  'to',
  'ya',
  'suke',
  'hiko',
  'nori',
  'ne',
  'o',
] as const;
const CHINESE_SURNAMES = [
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Chen',
  'Yang',
  'Zhao',
  'Huang',
  'Zhou',
  'Wu',
  'Xu',
  'Sun',
  'Hu',
  'Zhu',
  'Gao',
  'Lin',
  'He',
  'Guo',
  'Ma',
  'Luo',
] as const;
const CHINESE_SYLLABLES = [
  'xiao',
  'ming',
  'wei',
  'fang',
  'yun',
  'lei',
  'jing',
  'hao',
  'yu',
  'mei',
  'tian',
  'long',
  'feng',
  'qing',
  'hua',
  'bai',
  'chen',
  'zi',
  'han',
  'xin',
  'an',
  'rui',
] as const;
const PEN_NAME_PARTS = [
  'Moon',
  'Ink',
  'Fox',
  'Brush',
  'Cloud',
  'Paper',
  'Rain',
  'Star',
  'Salt',
  'Maple',
  'Night',
  'Crow',
  'Tea',
  'Ember',
  'Pine',
] as const;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A given name in the style of the series' tradition (used for creators and protagonists). */
export function makeGivenName(random: SeededRandom, type: SeriesType): string {
  switch (type) {
    case 'MANHWA': {
      const [first, second] = random.sample(KOREAN_SYLLABLES, 2);
      return `${capitalize(first!)}-${second!}`;
    }
    case 'MANGA':
      return random.pick(JAPANESE_STARTS) + random.pick(JAPANESE_MIDDLES) + random.pick(JAPANESE_ENDINGS);
    case 'MANHUA':
      return capitalize(
        random.pick(CHINESE_SYLLABLES) + (random.chance(0.7) ? random.pick(CHINESE_SYLLABLES) : ''),
      );
  }
}

/** A creator credit: mostly personal names in the tradition's order, sometimes a pen name or studio. */
export function makeCreatorName(random: SeededRandom, type: SeriesType): string {
  if (random.chance(0.1)) {
    const pen = random.pick(PEN_NAME_PARTS) + random.pick(PEN_NAME_PARTS).toLowerCase();
    return random.chance(0.4) ? `Studio ${pen}` : pen;
  }
  const given = makeGivenName(random, type);
  switch (type) {
    case 'MANHWA':
      return `${random.pick(KOREAN_SURNAMES)} ${given}`;
    case 'MANGA':
      return `${given} ${random.pick(JAPANESE_SURNAMES)}`;
    case 'MANHUA':
      return `${random.pick(CHINESE_SURNAMES)} ${given}`;
  }
}

const TRAITS = [
  'stubborn',
  'penniless',
  'soft-spoken',
  'hot-headed',
  'overlooked',
  'sharp-tongued',
  'exiled',
  'kind-hearted',
  'sleep-deprived',
  'ambitious',
  'ordinary',
  'disgraced',
] as const;

const OPENINGS = [
  '{name}, a {trait} {role}, {event}.',
  'Everyone in the {place} knows {name} as a {trait} {role} — until {event2}.',
  'After {event2}, {name} is the last {role} anyone expected to matter.',
  '{name} only wanted a quiet life as a {trait} {role}. Then {event2}.',
] as const;
const EVENTS = [
  'wakes up three years in the past',
  'inherits a debt large enough to buy a kingdom',
  'is framed for a crime no one can explain',
  'finds a door that should not exist',
  'is chosen by a relic nobody could lift',
  'loses everything in a single night',
  'signs a contract without reading the last page',
  'is dragged into a game with no exit',
] as const;
const EVENTS_PAST = [
  'a stranger leaves a sealed letter on the doorstep',
  'the old master dies and names a successor',
  'a strange voice starts keeping score',
  'the engagement is broken in front of the whole court',
  'the gates of the {place} open for the first time in a century',
  'a rival returns from the dead',
] as const;

/** One conflict line per genre, so the synopsis matches the series' main genre. */
const CONFLICTS: Record<DemoGenre, readonly string[]> = {
  Action: [
    'Every fight leaves a scar, and the strongest opponents are still waiting at the top.',
    'Surviving means getting stronger faster than the people who want {name} gone.',
  ],
  Fantasy: [
    'Old magic is waking, and it remembers every broken promise.',
    'A map of forgotten kingdoms points to a power that could save or end the world.',
  ],
  Romance: [
    'Falling in love was never part of the plan, and the rumours are spreading fast.',
    'A contract marriage was supposed to be simple. Nobody told the heart.',
  ],
  Drama: [
    'Family secrets surface one by one, and each costs something to keep.',
    'Old friendships are tested when the truth finally comes out.',
  ],
  Comedy: [
    'What follows is a chain of misunderstandings that only gets louder.',
    'Every attempt to fix things makes the situation more ridiculous.',
  ],
  Thriller: [
    'Someone is always one step ahead, and the clock is already running.',
    'Trust nobody: the next message could be the last.',
  ],
  'Slice of Life': [
    'Small days, warm meals and new neighbours slowly change everything.',
    'Between shifts and errands, an unlikely friendship takes shape.',
  ],
  'Martial Arts': [
    'The martial world is ruled by sects that never forgive a slight.',
    'A forbidden technique offers power at a price no disciple should pay.',
  ],
  Isekai: [
    'A glowing status window promises power to whoever clears the quests first.',
    'In a world run by levels and skills, starting at zero has its advantages.',
  ],
  Horror: [
    'The house is quiet in the day. At night, something counts the people inside.',
    'The curse spreads to anyone who learns its name.',
  ],
  'Sci-Fi': [
    'Beyond the colony walls, the signal keeps repeating a name that should not be known.',
    'The machines were built to serve. One of them has started to ask questions.',
  ],
  Mystery: [
    'Each clue reveals a little more of a case the police closed years ago.',
    'The answer is hidden in plain sight, if anyone can read the pattern.',
  ],
  Sports: [
    'One season, one team of misfits, and a rival who has never lost.',
    'Talent opens the door; only relentless practice keeps it open.',
  ],
  Historical: [
    'Court intrigue decides who lives, and the throne has many hungry heirs.',
    'In an age of war, a single decree can rewrite a dynasty.',
  ],
};

const HOOKS = [
  'But the {place} hides a secret that changes everything.',
  'Now {name} has one chance to rewrite the ending.',
  'What begins as survival becomes a fight for the people {name} swore to protect.',
  'The price of the truth may be higher than {name} can pay.',
  'And this time, {name} is not going to lose.',
] as const;

export function makeSynopsis(random: SeededRandom, type: SeriesType, genres: readonly DemoGenre[]): string {
  const name = makeGivenName(random, type);
  const place = random.pick(PLACES).toLowerCase();
  const fill = (template: string) =>
    template
      .replaceAll('{event2}', random.pick(EVENTS_PAST))
      .replaceAll('{name}', name)
      .replaceAll('{trait}', random.pick(TRAITS))
      .replaceAll('{role}', random.pick(ROLES).toLowerCase())
      .replaceAll('{event}', random.pick(EVENTS))
      .replaceAll('{place}', place);
  const sentences = [fill(random.pick(OPENINGS)), fill(random.pick(CONFLICTS[genres[0]!]))];
  if (genres[1] && random.chance(0.6)) sentences.push(fill(random.pick(CONFLICTS[genres[1]])));
  sentences.push(fill(random.pick(HOOKS)));
  return sentences.join(' ');
}
