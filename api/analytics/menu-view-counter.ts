/**
 * Counts public menu views in memory and writes them in one transaction
 * every few seconds, so a busy menu costs its visitors no database write.
 * The server flushes on shutdown; at most the last interval's counts are
 * lost if the process dies.
 */
import type { Database } from '../db/database';
import { addMenuViews } from '../db/repositories/menu-views';

export const VIEW_FLUSH_INTERVAL_MS = 10_000;

export class MenuViewCounter {
  private pending = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly db: Database) {}

  record(menuId: string): void {
    this.pending.set(menuId, (this.pending.get(menuId) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const counts = this.pending;
    this.pending = new Map();
    await this.db.transaction(async (tx) => addMenuViews(tx.db, counts));
  }

  start(intervalMs = VIEW_FLUSH_INTERVAL_MS): void {
    this.timer ??= setInterval(() => void this.flush().catch((error: unknown) => console.error(error)), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
