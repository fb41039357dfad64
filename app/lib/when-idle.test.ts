import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the work when the browser is idle, and not once cancelled', () => {
    const callbacks = new Map<number, () => void>();
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBe(2000);
      callbacks.set(callbacks.size + 1, callback);
      return callbacks.size;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => callbacks.delete(handle));
    const first = vi.fn();
    const second = vi.fn();
    whenIdle(first);
    whenIdle(second)();
    for (const callback of callbacks.values()) callback();
    expect(first).toHaveBeenCalledOnce();
    expect(second).not.toHaveBeenCalled();
  });

  it('falls back to a short timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    const cancelled = vi.fn();
    whenIdle(work);
    whenIdle(cancelled)();
    vi.advanceTimersByTime(500);
    expect(work).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
