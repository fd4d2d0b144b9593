import { setFlagsFromString } from 'node:v8';

/**
 * Has V8 favour memory over speed from now on: collections keep the heap close to what is live instead of
 * letting garbage grow it. Under a minute of steady reads of a 100,000-series catalogue the process stays
 * at about 450 MB instead of 850-980 MB.
 *
 * Set once the first catalogue snapshot is loaded rather than as `--optimize-for-size` on the command line:
 * from the start it made start-up about twice as slow at 100,000 series (61 full collections and 1,265
 * minor ones while loading the catalogue, 2.1 s of pauses, against 8 and 171). The flag is one V8 reads at
 * each collection's sizing decisions; Node lets it change after start (it runs V8 with flags unfrozen), and
 * the benchmark shows it in force (docs/decisions/catalogue-at-scale.md).
 */
export function favourMemoryOverSpeed(): void {
  setFlagsFromString('--optimize-for-size');
}
