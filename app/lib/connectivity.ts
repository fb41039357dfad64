/**
 * What the app knows about the network, from what it observes rather than
 * from `navigator.onLine` alone: some browsers (and captive or dead networks)
 * report online while no request gets through. Every request the app makes
 * reports whether the server answered; the browser's own online and offline
 * events are kept too. While the server cannot be reached, a cheap probe asks
 * again every few seconds, so waiting changes go as soon as requests succeed.
 * A request given up for want of an answer counts as no answer.
 */
import { create } from 'zustand';
import { fetchWithin, PROBE_TIMEOUT_MS } from './request-timeout';

/** 'offline': the browser says so; 'unreachable': the browser says online but requests fail before any answer. */
export type Connection = 'online' | 'offline' | 'unreachable';

export const PROBE_INTERVAL_MS = 10_000;
const PROBE_URL = '/api/health';

export function connectionOf(browserOnline: boolean, serverReachable: boolean): Connection {
  if (!browserOnline) return 'offline';
  return serverReachable ? 'online' : 'unreachable';
}

type ConnectivityState = {
  browserOnline: boolean;
  serverReachable: boolean;
  connection: Connection;
};

const initialOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;

export const useConnectivity = create<ConnectivityState>(() => ({
  browserOnline: initialOnline,
  serverReachable: true,
  connection: connectionOf(initialOnline, true),
}));

function update(changes: Partial<Pick<ConnectivityState, 'browserOnline' | 'serverReachable'>>): void {
  const current = useConnectivity.getState();
  const browserOnline = changes.browserOnline ?? current.browserOnline;
  const serverReachable = changes.serverReachable ?? current.serverReachable;
  if (browserOnline === current.browserOnline && serverReachable === current.serverReachable) return;
  useConnectivity.setState({ browserOnline, serverReachable, connection: connectionOf(browserOnline, serverReachable) });
}

let answers = 0;

/** How many answers the server has given so far: a request notes it when sent, to tell whether its failure is news. */
export function answersSoFar(): number {
  return answers;
}

/** A request got an answer from the server (any status): the network and the server are there. */
export function reportServerAnswered(): void {
  answers += 1;
  update({ serverReachable: true });
}

/**
 * A request failed before any answer (DNS, refused, reset, offline, out of
 * time). Given `answersWhenSent`, a failure is ignored when the server has
 * answered since that request went out: one left hanging from before the
 * network came back says nothing about the network now.
 */
export function reportNetworkFailure(answersWhenSent?: number): void {
  if (answersWhenSent !== undefined && answersWhenSent !== answers) return;
  update({ serverReachable: false });
}

export function isOnline(): boolean {
  return useConnectivity.getState().connection === 'online';
}

let probeTimer: ReturnType<typeof setInterval> | null = null;

async function probe(): Promise<void> {
  const answersWhenSent = answers;
  try {
    await fetchWithin(PROBE_URL, { cache: 'no-store' }, PROBE_TIMEOUT_MS);
    reportServerAnswered();
  } catch {
    reportNetworkFailure(answersWhenSent);
  }
}

function keepProbingWhileUnreachable(state: ConnectivityState): void {
  const unreachable = state.connection === 'unreachable';
  if (unreachable && probeTimer === null) probeTimer = setInterval(() => void probe(), PROBE_INTERVAL_MS);
  if (!unreachable && probeTimer !== null) {
    clearInterval(probeTimer);
    probeTimer = null;
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    update({ browserOnline: true });
    // The browser thinks the network is back: find out now rather than at the next probe.
    void probe();
  });
  window.addEventListener('offline', () => update({ browserOnline: false }));
  useConnectivity.subscribe(keepProbingWhileUnreachable);
}
