import { afterEach, describe, expect, it } from 'vitest';
import { connectionOf, isOnline, reportNetworkFailure, reportServerAnswered, useConnectivity } from './connectivity';

describe('connectionOf', () => {
  it('trusts the browser when it says offline, and the requests when it says online', () => {
    expect(connectionOf(false, true)).toBe('offline');
    expect(connectionOf(false, false)).toBe('offline');
    expect(connectionOf(true, false)).toBe('unreachable');
    expect(connectionOf(true, true)).toBe('online');
  });
});

describe('the observed connection', () => {
  afterEach(() => reportServerAnswered());

  it('goes unreachable when a request fails with no answer, and online again at the next answer', () => {
    expect(useConnectivity.getState().connection).toBe('online');
    reportNetworkFailure();
    expect(useConnectivity.getState().connection).toBe('unreachable');
    expect(isOnline()).toBe(false);
    reportServerAnswered();
    expect(useConnectivity.getState().connection).toBe('online');
    expect(isOnline()).toBe(true);
  });

  it('notifies only on a change', () => {
    const seen: string[] = [];
    const unsubscribe = useConnectivity.subscribe((state) => seen.push(state.connection));
    reportServerAnswered();
    reportNetworkFailure();
    reportNetworkFailure();
    reportServerAnswered();
    unsubscribe();
    expect(seen).toEqual(['unreachable', 'online']);
  });
});
