/** The run of median time among `runs` measured one after another: on a shared machine, one slow moment then decides nothing. */
export async function medianOf<T extends { ms: number }>(runs: number, measure: (run: number) => Promise<T>): Promise<T> {
  const timed: T[] = [];
  for (let run = 0; run < runs; run++) timed.push(await measure(run));
  return timed.sort((a, b) => a.ms - b.ms)[Math.floor(runs / 2)]!;
}
