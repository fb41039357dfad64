/**
 * Whether the code of every screen a person may open is on this device, so that each opens with no connection
 * (docs/offline-and-sync.md). A service worker in control has kept the whole app; before it is (the visit that
 * installs it, or a browser that refuses it), a screen's code would come from the network when first opened, and
 * someone who signs in and walks into a grow room could open nothing but the page they stood on. So, in the
 * browser's quiet moments, one screen at a time, the page loads the code of each screen it may open.
 */
import { create } from 'zustand';
import { whenIdle } from './when-idle';

type ScreensOnDevice = {
  /** 'kept': every screen opens offline; 'loading': some are still on their way; 'unknown': not looked at yet. */
  state: 'unknown' | 'loading' | 'kept';
};

export const useScreensOnDevice = create<ScreensOnDevice>(() => ({ state: 'unknown' }));

/** A screen's code, as its feature declares it (app/lib/feature-route.ts). */
type LoadScreen = () => Promise<unknown>;

/**
 * Loads each screen's code in turn, each in a quiet moment of its own so none holds up what the person does, until
 * `controlledByWorker` says a service worker serves the app (it has kept every screen). A load that fails (the network left meanwhile) is
 * tried again at the next call, which the caller makes when the connection returns. Returns a cancel.
 */
export function keepScreensOnDevice(loads: readonly LoadScreen[], controlledByWorker: () => boolean): () => void {
  if (controlledByWorker()) {
    useScreensOnDevice.setState({ state: 'kept' });
    return () => undefined;
  }
  const waiting = [...new Set(loads)];
  let failed = false;
  let cancelIdle: () => void = () => undefined;
  let cancelled = false;
  useScreensOnDevice.setState({ state: 'loading' });

  const next = () => {
    const load = waiting.shift();
    // A worker that took over meanwhile has kept the whole app: the rest need not be loaded here.
    if (!load || controlledByWorker()) {
      if (!failed || controlledByWorker()) useScreensOnDevice.setState({ state: 'kept' });
      return;
    }
    cancelIdle = whenIdle(() => {
      load().then(
        () => !cancelled && next(),
        () => {
          failed = true;
          if (!cancelled) next();
        },
      );
    });
  };
  next();
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
