import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepScreensOnDevice, useScreensOnDevice } from './screens-on-device';

/** Idle callbacks the test runs by hand, one quiet moment at a time. */
let quietMoments: (() => void)[] = [];

async function nextQuietMoment() {
  const moment = quietMoments.shift();
  expect(moment, 'a screen was waiting for a quiet moment').toBeDefined();
  moment!();
  await Promise.resolve();
  await Promise.resolve();
}

describe('keepScreensOnDevice', () => {
  beforeEach(() => {
    quietMoments = [];
    useScreensOnDevice.setState({ state: 'unknown' });
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => quietMoments.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => (quietMoments = []));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads each screen once, one per quiet moment, and then says every screen is kept', async () => {
    const orders = vi.fn(async () => 'orders');
    const products = vi.fn(async () => 'products');
    keepScreensOnDevice([orders, products, orders], () => false);
    expect(useScreensOnDevice.getState().state).toBe('loading');
    expect(orders).not.toHaveBeenCalled();

    await nextQuietMoment();
    expect(orders).toHaveBeenCalledOnce();
    expect(products).not.toHaveBeenCalled();
    expect(useScreensOnDevice.getState().state).toBe('loading');

    await nextQuietMoment();
    expect(products).toHaveBeenCalledOnce();
    expect(useScreensOnDevice.getState().state).toBe('kept');
    expect(quietMoments).toHaveLength(0);
  });

  it('loads nothing when a service worker already serves the app', () => {
    const orders = vi.fn(async () => 'orders');
    keepScreensOnDevice([orders], () => true);
    expect(useScreensOnDevice.getState().state).toBe('kept');
    expect(quietMoments).toHaveLength(0);
    expect(orders).not.toHaveBeenCalled();
  });

  it('stops once a service worker takes over, as it keeps every screen', async () => {
    let controlled = false;
    const orders = vi.fn(async () => {
      controlled = true;
      return 'orders';
    });
    const products = vi.fn(async () => 'products');
    keepScreensOnDevice([orders, products], () => controlled);
    await nextQuietMoment();
    expect(orders).toHaveBeenCalledOnce();
    expect(products).not.toHaveBeenCalled();
    expect(quietMoments).toHaveLength(0);
    expect(useScreensOnDevice.getState().state).toBe('kept');
  });

  it('goes on past a screen that failed to load but does not call the screens kept', async () => {
    const failing = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const products = vi.fn(async () => 'products');
    keepScreensOnDevice([failing, products], () => false);
    await nextQuietMoment();
    await nextQuietMoment();
    expect(products).toHaveBeenCalledOnce();
    expect(useScreensOnDevice.getState().state).toBe('loading');
  });

  it('stops when cancelled (the connection left or the person signed out)', async () => {
    const orders = vi.fn(async () => 'orders');
    const products = vi.fn(async () => 'products');
    const cancel = keepScreensOnDevice([orders, products], () => false);
    await nextQuietMoment();
    cancel();
    expect(quietMoments).toHaveLength(0);
    expect(products).not.toHaveBeenCalled();
  });
});
