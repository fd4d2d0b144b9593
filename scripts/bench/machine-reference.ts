import { createHash } from 'node:crypto';

/**
 * A fixed CPU task timed on this machine (median of 5 runs), printed by benchmarks beside their figures:
 * machines differ up to four times in speed, and a figure is read against this one. Hashing and JSON are
 * what the API spends its own CPU on.
 */
export function machineReferenceMs(): number {
  const payload = JSON.stringify(
    Array.from({ length: 20_000 }, (_, index) => ({ id: index, title: `Series ${index}`, score: index / 7 })),
  );
  const runs: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    for (let round = 0; round < 10; round += 1) {
      createHash('sha256').update(payload).digest('hex');
      JSON.parse(payload);
    }
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[2]!;
}

export function printMachineReference(): void {
  console.log(
    `Machine reference: ${machineReferenceMs().toFixed(0)} ms for a fixed hashing and JSON task (a slower machine prints more)`,
  );
}
