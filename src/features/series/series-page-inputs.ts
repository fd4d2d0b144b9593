import type { BuildCatalogueIndex } from '../catalogue/build-catalogue';
import type { SeriesPageData } from '../catalogue/catalogue-types';
import { prerenderedPageData } from '../catalogue/prerendered-values';
import { sharedFingerprint } from '../incremental-build/fingerprint';

/**
 * Everything a pre-rendered series page renders from the catalogue: the series as pre-rendered pages show it
 * (prerendered-values.ts), its related series, its "Readers also liked" and its most helpful reviews. The
 * page renders from this alone, and an incremental build fingerprints it (changed-pages.ts).
 */
export function seriesPageInputs(catalogue: BuildCatalogueIndex, data: SeriesPageData) {
  return {
    data: prerenderedPageData(data),
    related: catalogue.related.related(data.series),
    alsoLiked: catalogue.alsoLiked(data.series.id),
    reviews: catalogue.reviews(data.series.id),
  };
}

/**
 * What an incremental build fingerprints of a series page (changed-pages.ts): its inputs, the related and
 * "Readers also liked" cards each as its shared fingerprint (a card is one object per series, on many pages).
 */
export function seriesPagePrint(inputs: ReturnType<typeof seriesPageInputs>) {
  return {
    ...inputs,
    related: inputs.related.map(sharedFingerprint),
    alsoLiked: inputs.alsoLiked.map(sharedFingerprint),
  };
}
