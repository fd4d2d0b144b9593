import { setFlagsFromString } from 'node:v8';

/**
 * Has V8 favour memory over speed from now on: collections keep the heap close to what is live instead of
 * letting garbage grow it. Under a minute of steady reads of a 100,000-series catalogue the process stays
 * at about 450 MB instead of 850-980 MB.
 *
 * Set once the first catalogue snapshot is loaded rather than as `--optimize-for-size` on the command line:
 * there it also ran while the catalogue loaded and made V8 collect at every few megabytes of growth (three
 * loads of 100,000 series: 61 full and 1,265 minor collections, 2.1 s of pauses, against 8 and 171), so the
 * first rankings page came 3.3-3.6 s after start instead of 2.0-2.3 s. The flag steers the collector's
 * sizing decisions as they are made; Node runs V8 with its flags unfrozen, so it can change after start,
 * and `bench:api -- --parts scale` shows it in force (docs/decisions/embedded-engine-tuning.md).
 */
export function favourMemoryOverSpeed(): void {
  setFlagsFromString('--optimize-for-size');
}
