import type { BuildCatalogueIndex } from '../catalogue/build-catalogue';
import type { SeriesPageData } from '../catalogue/catalogue-types';
import { prerenderedPageData } from '../catalogue/prerendered-values';
import { SerializedInputs, sharedJson } from '../incremental-build/fingerprint';

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

export type SeriesPageInputs = ReturnType<typeof seriesPageInputs>;

/**
 * The inputs serialized for their fingerprint, the same text `JSON.stringify(inputs)` gives. The related and
 * "also liked" cards are the catalogue's own card objects, each shown on many series pages: serialized once
 * per build, they took two thirds of the text a rebuild serialized for 100,000 fingerprints.
 */
export function serializedSeriesPageInputs(inputs: SeriesPageInputs): SerializedInputs {
  const { data, related, alsoLiked, reviews } = inputs;
  return new SerializedInputs(
    `{"data":${JSON.stringify(data)},"related":[${related.map(sharedJson).join(',')}],` +
      `"alsoLiked":[${alsoLiked.map(sharedJson).join(',')}],"reviews":${JSON.stringify(reviews)}}`,
  );
}
