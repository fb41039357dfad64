/** A read of the table answers with the type its schema names, and anything else the server sends is a failure the screen can show. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiReads } from '../../../sync/contract/api-reads';
import { ApiError } from '../api-client';
import { reportServerAnswered } from '../connectivity';
import { MalformedAnswerError, readFromServer } from './read-from-server';

afterEach(() => {
  vi.unstubAllGlobals();
  reportServerAnswered();
});

function serverAnswering(status: number, body: string) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('localStorage', { getItem: () => 'the-token' });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('readFromServer', () => {
  it('asks the read’s path with the signed-in person’s token and answers with what the schema parsed', async () => {
    const fetch = serverAnswering(200, JSON.stringify({ stripePublishableKey: 'pk_test_1', unasked: true }));
    expect(await readFromServer(apiReads.paymentConfig())).toEqual({ stripePublishableKey: 'pk_test_1' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/config');
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('authorization')).toBe('Bearer the-token');
  });

  it('puts the parameters in the path', () => {
    expect(apiReads.menuInsights('menu 1', 7).path).toBe('/api/menus/menu%201/insights?days=7');
    expect(apiReads.browse({ q: 'kush', category: undefined, cursor: 'c2' }).path).toBe('/api/browse?q=kush&cursor=c2');
  });

  it('fails with what was wrong when the answer is not what the read expects', async () => {
    serverAnswering(200, JSON.stringify({ stripePublishableKey: 42 }));
    const failure = await readFromServer(apiReads.paymentConfig()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MalformedAnswerError);
    expect((failure as Error).message).toMatch(/stripePublishableKey/);
  });

  it('fails when the answer is not JSON at all', async () => {
    serverAnswering(200, '<html>Captive portal</html>');
    expect(await readFromServer(apiReads.paymentConfig()).catch((error: unknown) => error)).toBeInstanceOf(MalformedAnswerError);
  });

  it('passes a refusal on as the server said it', async () => {
    serverAnswering(404, JSON.stringify({ message: 'Menu not found' }));
    const failure = await readFromServer(apiReads.menuInsights('gone', 30)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).serverMessage).toBe('Menu not found');
  });
});
