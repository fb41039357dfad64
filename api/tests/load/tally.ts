/** What a load run counts: the latencies of each kind of request, and every answer that was not the expected one. */

export class Latencies {
  private readonly samples: number[] = [];

  add(ms: number): void {
    this.samples.push(ms);
  }

  get count(): number {
    return this.samples.length;
  }

  /** The nearest-rank percentile (p in 0..100) in milliseconds; NaN with no samples. */
  percentile(p: number): number {
    if (this.samples.length === 0) return Number.NaN;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
  }

  /** "n requests, p50 x ms, p99 y ms, max z ms", for the run's printout. */
  describe(): string {
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return `${this.count} requests, p50 ${ms(this.percentile(50))}, p99 ${ms(this.percentile(99))}, max ${ms(this.percentile(100))}`;
  }
}

/** Enough examples to tell what went wrong, without keeping thousands of the same. */
const KEPT_EXAMPLES = 20;

export class Errors {
  count = 0;
  readonly examples: string[] = [];

  add(what: string, detail: unknown): void {
    this.count += 1;
    if (this.examples.length < KEPT_EXAMPLES) this.examples.push(`${what}: ${detail instanceof Error ? detail.message : String(detail)}`);
  }
}

export class Tally {
  readonly reads = new Latencies();
  readonly pushes = new Latencies();
  readonly pulls = new Latencies();
  readonly errors = new Errors();
  /** Reads answered 304 to a guest's If-None-Match. */
  notModified = 0;
}
