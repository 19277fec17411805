// How much garbage a long-running process lets pile up (HEAP_GROWTH_PERCENT, config.ts). After each
// full collection V8 lets the heap grow by a factor it picks from how fast it collects: on a busy
// server up to 4×, so a process whose live objects are some 50 MB at a million testers peaked at
// 360–430 MB resident under load, most of it garbage not yet collected. A fixed factor holds that
// down, and unlike a cap (--max-old-space-size) it still follows the live heap wherever it goes:
// no burst can end the process for want of room (docs/decisions.md, "Memory").
import { setFlagsFromString } from 'node:v8';

/**
 * Sets V8's heap growing factor to 1 + percent/100 for the rest of the process; 0 hands the choice
 * back to V8 (the flag's own default). Read at every full collection, so it applies from the next
 * one on, whenever it is called.
 */
export function limitHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
