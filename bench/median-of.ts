/** The run of median time among `runs` measured one after another: on a shared machine, one slow moment then decides nothing. */
export async function medianOf<T extends { ms: number }>(runs: number, measure: (run: number) => Promise<T>): Promise<T> {
  const timed: T[] = [];
  for (let run = 0; run < runs; run++) timed.push(await measure(run));
  return timed.sort((a, b) => a.ms - b.ms)[Math.floor(runs / 2)]!;
}

/** Requests per second and 99th-percentile latency of a load. */
export type Figures = { requestsPerSecond: number; p99Ms: number };

/** The median of each figure among loads taken in turn with others. */
export function medianFigures(loads: Figures[]): Figures {
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { requestsPerSecond: middle(loads.map((load) => load.requestsPerSecond)), p99Ms: middle(loads.map((load) => load.p99Ms)) };
}
