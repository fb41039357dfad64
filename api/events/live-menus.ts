/**
 * Live menus: watches the change clock and publishes which public menus
 * changed. Every write goes through one transaction that bumps the clock, so
 * a cheap in-memory comparison each tick says whether anything changed at
 * all; only then does one query find the menus whose own row, products or
 * seller changed (or that were deleted) since the last tick. The watcher runs
 * only while some stream is open.
 */
import type { Database } from '../db/database';
import { menusChangedSince } from '../db/repositories/live-menus';
import type { EventBus, MenuChangeListener } from '../platform/event-bus';

/** How often the change clock is looked at: well inside the promised two seconds. */
export const WATCH_INTERVAL_MS = 250;

export class LiveMenus {
  private timer: ReturnType<typeof setInterval> | null = null;
  private seen = 0;
  private ticking = false;

  constructor(
    private readonly db: Database,
    readonly bus: EventBus,
    private readonly intervalMs = WATCH_INTERVAL_MS,
  ) {}

  /** The change-clock value streams resume from. */
  get version(): number {
    return this.db.committedVersion;
  }

  subscribe(menuId: string, listener: MenuChangeListener): () => void {
    const unsubscribe = this.bus.subscribe(menuId, listener);
    if (!this.timer) {
      this.seen = this.db.committedVersion;
      this.timer = setInterval(() => void this.tick().catch((error: unknown) => console.error(error)), this.intervalMs);
      this.timer.unref();
    }
    return () => {
      unsubscribe();
      if (this.bus.size === 0) this.stop();
    };
  }

  /** Publishes the menus changed since the last tick. */
  async tick(): Promise<void> {
    const version = this.db.committedVersion;
    if (version === this.seen || this.ticking) return;
    this.ticking = true;
    try {
      const since = this.seen;
      this.seen = version;
      for (const menuId of await menusChangedSince(this.db.read, since)) this.bus.publish({ menuId, version });
    } finally {
      this.ticking = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
