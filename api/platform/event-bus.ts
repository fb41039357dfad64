/**
 * Fans "this menu changed" out to the open event streams. One process needs
 * no more than this in-memory bus; several API processes would put a shared
 * channel (Redis pub/sub, say) behind the same two calls, each process
 * publishing what its own watcher saw and delivering to its own streams.
 */

/** A public menu changed at change-clock value `version` (which streams use as the event id). */
export type MenuChanged = { menuId: string; version: number };

export type MenuChangeListener = (change: MenuChanged) => void;

export interface EventBus {
  publish(change: MenuChanged): void;
  /** Returns the call that ends the subscription. */
  subscribe(menuId: string, listener: MenuChangeListener): () => void;
  /** How many listeners are subscribed, over all menus. */
  readonly size: number;
}

export class InMemoryEventBus implements EventBus {
  private readonly listeners = new Map<string, Set<MenuChangeListener>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  publish(change: MenuChanged): void {
    for (const listener of this.listeners.get(change.menuId) ?? []) listener(change);
  }

  subscribe(menuId: string, listener: MenuChangeListener): () => void {
    let set = this.listeners.get(menuId);
    if (!set) this.listeners.set(menuId, (set = new Set()));
    set.add(listener);
    this.count++;
    return () => {
      if (!set.delete(listener)) return;
      this.count--;
      if (set.size === 0) this.listeners.delete(menuId);
    };
  }
}
