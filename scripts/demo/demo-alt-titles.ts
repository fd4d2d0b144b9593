import type { SeriesType } from '../../api/db/schema';
import { hashString, SeededRandom } from './seeded-random';

/*
 * The demo series' alternative titles, so search by any name can be tried: a romanized title and the same
 * title in native script (Korean for manhwa, Japanese for manga, Chinese for manhua), built from one list
 * of syllables with their spelling in each, and now and then the English title's initials, as readers
 * abbreviate it. Invented, like the titles, and deterministic.
 */

/** Romanized syllables (Revised Romanization) and their Hangul. */
const KOREAN: readonly (readonly [string, string])[] = [
  ['na', '나'],
  ['hon', '혼'],
  ['ja', '자'],
  ['man', '만'],
  ['re', '레'],
  ['bel', '벨'],
  ['eop', '업'],
  ['sin', '신'],
  ['ui', '의'],
  ['tap', '탑'],
  ['geom', '검'],
  ['wang', '왕'],
  ['hwa', '화'],
  ['sa', '사'],
  ['gwi', '귀'],
  ['mu', '무'],
  ['dae', '대'],
  ['jeon', '전'],
  ['haeng', '행'],
  ['seong', '성'],
  ['ma', '마'],
  ['beop', '법'],
  ['hak', '학'],
  ['won', '원'],
  ['il', '일'],
  ['gi', '기'],
];
/** Romaji and their Japanese (words, not syllables: Japanese titles are written without spaces). */
const JAPANESE: readonly (readonly [string, string])[] = [
  ['ore', '俺'],
  ['dake', 'だけ'],
  ['no', 'の'],
  ['sekai', '世界'],
  ['ken', '剣'],
  ['maou', '魔王'],
  ['yuusha', '勇者'],
  ['tensei', '転生'],
  ['kimi', '君'],
  ['hana', '花'],
  ['tsuki', '月'],
  ['yume', '夢'],
  ['kage', '影'],
  ['monogatari', '物語'],
  ['shoujo', '少女'],
  ['gakuen', '学園'],
  ['ryuu', '竜'],
  ['hoshi', '星'],
  ['sora', '空'],
  ['mahou', '魔法'],
  ['kishi', '騎士'],
  ['boken', '冒険'],
];
/** Pinyin syllables and their Chinese characters. */
const CHINESE: readonly (readonly [string, string])[] = [
  ['wu', '武'],
  ['dong', '动'],
  ['qian', '乾'],
  ['kun', '坤'],
  ['dou', '斗'],
  ['po', '破'],
  ['cang', '苍'],
  ['qiong', '穹'],
  ['shen', '神'],
  ['yao', '妖'],
  ['ji', '记'],
  ['xian', '仙'],
  ['mo', '魔'],
  ['tian', '天'],
  ['di', '帝'],
  ['long', '龙'],
  ['jian', '剑'],
  ['zun', '尊'],
  ['wan', '万'],
  ['jie', '界'],
  ['xin', '心'],
];

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A romanized title and its native spelling, from `count` tokens of `table`. */
function nativeTitle(random: SeededRandom, type: SeriesType): { romanized: string; native: string } {
  if (type === 'MANHWA') {
    // Two or three words of one to three syllables each, spaced in both scripts ("Na Honjaman" / "나 혼자만").
    const words = Array.from({ length: random.int(2, 3) }, () =>
      Array.from({ length: random.int(1, 3) }, () => random.pick(KOREAN)),
    );
    return {
      romanized: words.map((word) => capitalized(word.map(([latin]) => latin).join(''))).join(' '),
      native: words.map((word) => word.map(([, hangul]) => hangul).join('')).join(' '),
    };
  }
  const table = type === 'MANGA' ? JAPANESE : CHINESE;
  const tokens = Array.from({ length: random.int(2, 4) }, () => random.pick(table));
  return {
    romanized: tokens.map(([latin]) => capitalized(latin)).join(' '),
    native: tokens.map(([, native]) => native).join(''),
  };
}

/**
 * A demo series' alternative titles (none for about one in eight), by seed and position, from a
 * generator of its own so the rest of the catalogue is what it was before series had them.
 */
export function demoAltTitles(seed: number, position: number, title: string, type: SeriesType): string[] {
  const random = new SeededRandom(hashString(`${seed}:alt-titles:${position}`));
  if (random.chance(1 / 8)) return [];
  const { romanized, native } = nativeTitle(random, type);
  const titles = random.chance(0.2) ? [native] : [romanized, native];
  const words = title.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
  if (words.length >= 3 && random.chance(0.4))
    titles.push(words.map((word) => word[0]!.toUpperCase()).join(''));
  return titles;
}
