/** One device of one account over sync, for API tests: pushes one mutation at a time, in order, and pulls. */
import { randomUUID } from 'node:crypto';
import type { MutationName } from '../../sync/contract/mutations';
import { pullResponseSchema, pushResponseSchema, type MutationOutcome, type PullResponse } from '../../sync/contract/protocol';
import type { TestApp } from './test-app';

export function syncDevice(t: TestApp, token: string) {
  const clientId = randomUUID();
  let seq = 0;
  return {
    /** The outcome of one mutation, pushed alone. */
    async push(name: MutationName, args: unknown): Promise<MutationOutcome> {
      seq += 1;
      const res = await t.request('POST', '/api/sync/push', { token, body: { clientId, mutations: [{ seq, name, args }] } });
      if (res.status !== 200) throw new Error(`push failed with ${res.status}: ${JSON.stringify(res.body)}`);
      return pushResponseSchema.parse(res.body).results[0]!;
    },
    async pull(cursor = 0): Promise<PullResponse> {
      const res = await t.request('GET', `/api/sync/pull?cursor=${cursor}&clientId=${clientId}`, { token });
      if (res.status !== 200) throw new Error(`pull failed with ${res.status}: ${JSON.stringify(res.body)}`);
      return pullResponseSchema.parse(res.body);
    },
  };
}
