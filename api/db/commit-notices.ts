/**
 * The newest committed change-clock value a process knows of, and who to
 * tell when it commits: the page cache checks the value instead of querying,
 * and live streams and other processes (through Redis) are told of commits.
 */
class CommitNotices {
  private committed = 0;
  private readonly listeners = new Set<(version: number) => void>();

  get version(): number {
    return this.committed;
  }

  /** A commit at `version` is known (made here, or told of by another process); an older one changes nothing. */
  learn(version: number): void {
    if (version > this.committed) this.committed = version;
  }

  listen(listener: (version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** After this process's commit: a listener that fails is logged, never turned into a failure of the write that did commit. */
  committedHere(version: number): void {
    this.learn(version);
    for (const listener of this.listeners) {
      try {
        listener(version);
      } catch (error) {
        console.error('A commit listener failed', error);
      }
    }
  }
}

/** What every database engine shares: the commits it knows of (see `Database`), told on by `commits.committedHere`. */
export abstract class KnowsCommits {
  protected readonly commits = new CommitNotices();

  get committedVersion(): number {
    return this.commits.version;
  }

  learnCommitted(version: number): void {
    this.commits.learn(version);
  }

  onCommit(listener: (version: number) => void): () => void {
    return this.commits.listen(listener);
  }
}
