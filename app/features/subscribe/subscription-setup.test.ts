import { describe, expect, it, vi } from 'vitest';
import type { CreatedSubscription, SubscriptionState } from '../../../sync/entities/subscription';
import { ApiError } from '../../lib/api-client';
import { runSetup } from './subscription-setup';

const TRIAL_END = '2026-07-01T12:00:00.000Z';

function state(changes: Partial<SubscriptionState>): SubscriptionState {
  return { status: 'trialing', trialEndsAt: TRIAL_END, paymentsEnabled: true, hasBillingAccount: false, ...changes };
}

function calls(current: SubscriptionState, created: CreatedSubscription | Error) {
  const createSubscription = vi.fn(async () => {
    if (created instanceof Error) throw created;
    return created;
  });
  return { readStatus: async () => current, createSubscription };
}

describe('runSetup', () => {
  it('tells a paying seller so, and creates nothing', async () => {
    const seller = calls(state({ status: 'active' }), { status: 'active', clientSecret: null });
    expect(await runSetup(seller)).toEqual({ kind: 'active' });
    expect(seller.createSubscription).not.toHaveBeenCalled();
  });

  it('offers a seller in the trial the card form, with the setup secret and the day the trial ends', async () => {
    const seller = calls(state({}), { status: 'trialing', clientSecret: 'seti_1_secret_x' });
    expect(await runSetup(seller)).toEqual({ kind: 'trial', trialEndsAt: TRIAL_END, card: { kind: 'form', clientSecret: 'seti_1_secret_x' } });
  });

  it('tells a seller in the trial whose card is saved that it is, rather than asking again', async () => {
    const seller = calls(state({ hasBillingAccount: true }), { status: 'trialing', clientSecret: null });
    expect(await runSetup(seller)).toEqual({ kind: 'trial', trialEndsAt: TRIAL_END, card: { kind: 'saved' } });
  });

  it('says payments are not set up to a seller in the trial on a server without them, whichever call finds it out', async () => {
    const off = calls(state({ paymentsEnabled: false }), { status: 'trialing', clientSecret: 'unused' });
    expect(await runSetup(off)).toEqual({ kind: 'trial', trialEndsAt: TRIAL_END, card: { kind: 'payments-off' } });
    expect(off.createSubscription).not.toHaveBeenCalled();

    const turnedOff = calls(state({}), new ApiError(503, JSON.stringify({ message: 'Payments are not set up on this server yet.' }), 'Service Unavailable'));
    expect(await runSetup(turnedOff)).toEqual({ kind: 'trial', trialEndsAt: TRIAL_END, card: { kind: 'payments-off' } });
  });

  it('after the trial: the first payment, or no subscriptions on a server without payments', async () => {
    expect(await runSetup(calls(state({ status: 'trial_expired' }), { status: 'incomplete', clientSecret: 'pi_1_secret_x' }))).toEqual({
      kind: 'payment',
      clientSecret: 'pi_1_secret_x',
    });
    expect(await runSetup(calls(state({ status: 'trial_expired', paymentsEnabled: false }), { status: 'incomplete', clientSecret: null }))).toEqual({
      kind: 'unavailable',
    });
  });

  it('fails when there is nothing to pay with, and passes on other failures', async () => {
    await expect(runSetup(calls(state({ status: 'canceled' }), { status: 'incomplete', clientSecret: null }))).rejects.toThrow(/No client secret/);
    const outage = new ApiError(502, JSON.stringify({ message: 'The payment service is having trouble right now.' }), 'Bad Gateway');
    await expect(runSetup(calls(state({}), outage))).rejects.toBe(outage);
  });
});
