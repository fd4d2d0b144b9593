import {
  englishDataset,
  englishRecommendedBlacklistMatcherTransformers,
  englishRecommendedTransformers,
  englishRecommendedWhitelistMatcherTransformers,
  RegExpMatcher,
  resolveConfusablesTransformer,
  resolveLeetSpeakTransformer,
  skipNonAlphabeticTransformer,
  toAsciiLowerCaseTransformer,
} from 'obscenity';

const dataset = englishDataset.build();

/**
 * obscenity's English data set with its recommended transformers: confusable and leetspeak characters,
 * case, and repeated letters ("fuuuck", "sh1t", "a$$"), with its whitelist keeping "Scunthorpe" or
 * "assassin" clean.
 */
const wordMatcher = new RegExpMatcher({ ...dataset, ...englishRecommendedTransformers });

/**
 * The same data set with non-letters skipped, for words spelled out letter by letter ("f.u.c.k", "s h i t").
 * obscenity leaves this transformer out of its recommended set because, over whole sentences, it joins
 * neighbouring words; so it only reads runs of single characters (see spelledOutRuns).
 */
const spelledOutMatcher = new RegExpMatcher({
  ...dataset,
  blacklistMatcherTransformers: [
    resolveConfusablesTransformer(),
    resolveLeetSpeakTransformer(),
    toAsciiLowerCaseTransformer(),
    skipNonAlphabeticTransformer(),
    // The recommended thresholds (letters that legitimately double, like "ss", stay at 2).
    ...englishRecommendedBlacklistMatcherTransformers.slice(-1),
  ],
  whitelistMatcherTransformers: englishRecommendedWhitelistMatcherTransformers,
});

/** Three or more single characters, each separated from the next by one to three separators: `f.u.c.k`. */
const SPELLED_OUT =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}@$!*](?:[^\p{L}\p{N}\n]{1,3}[\p{L}\p{N}@$!*]){2,}(?![\p{L}\p{N}])/gu;

function spelledOutRuns(text: string): string[] {
  return [...text.matchAll(SPELLED_OUT)].map((match) => match[0]);
}

/**
 * Web addresses and markdown link targets: not read for words. Uploaded images' addresses end in random hex,
 * which the leetspeak reading turns into words often enough (`a55` reads "ass") to refuse a post now and
 * then for an image its author never named.
 */
const ADDRESSES = /\bhttps?:\/\/[^\s)]+|\]\([^)\s]*/gi;

/** Whether any of the texts contains a word of obscenity's English data set, however it is disguised. */
export function containsProfanity(...texts: string[]): boolean {
  return texts.some((withAddresses) => {
    const text = withAddresses.replace(ADDRESSES, ' ');
    return wordMatcher.hasMatch(text) || spelledOutRuns(text).some((run) => spelledOutMatcher.hasMatch(run));
  });
}
