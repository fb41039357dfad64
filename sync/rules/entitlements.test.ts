import { describe, expect, it } from 'vitest';
import { daysUntil, entitlementOf, lapsedMessage, trialEndingSoon, type BillingSubject } from './entitlements';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();
const seller = (fields: Partial<BillingSubject>): BillingSubject => ({
  role: 'seller',
  subscriptionStatus: 'trial',
  trialEndsAt: null,
  pastDueSince: null,
  ...fields,
});

describe('entitlementOf', () => {
  it('a running trial has full use and counts the days left, a part day as a day', () => {
    expect(entitlementOf(seller({ trialEndsAt: at(13.5) }), NOW)).toEqual({
      mayEdit: true,
      state: 'trialing',
      trialEndsAt: at(13.5),
      daysLeft: 14,
    });
  });

  it('a trial that ended, or has no end date, may no longer edit', () => {
    expect(entitlementOf(seller({ trialEndsAt: at(0) }), NOW)).toEqual({ mayEdit: false, state: 'trial_ended' });
    expect(entitlementOf(seller({ trialEndsAt: at(-1) }), NOW)).toEqual({ mayEdit: false, state: 'trial_ended' });
    expect(entitlementOf(seller({ trialEndsAt: null }), NOW)).toEqual({ mayEdit: false, state: 'trial_ended' });
  });

  it('an active subscription has full use whatever the old trial date', () => {
    expect(entitlementOf(seller({ subscriptionStatus: 'active', trialEndsAt: at(-100) }), NOW)).toEqual({ mayEdit: true, state: 'active' });
  });

  it('a failed payment keeps full use for 7 days from the failure, then not', () => {
    expect(entitlementOf(seller({ subscriptionStatus: 'past_due', pastDueSince: at(-6.5) }), NOW)).toEqual({
      mayEdit: true,
      state: 'past_due_grace',
      graceEndsAt: at(0.5),
      daysLeft: 1,
    });
    expect(entitlementOf(seller({ subscriptionStatus: 'past_due', pastDueSince: at(-7) }), NOW)).toEqual({ mayEdit: false, state: 'past_due' });
    expect(entitlementOf(seller({ subscriptionStatus: 'past_due', pastDueSince: null }), NOW)).toEqual({ mayEdit: false, state: 'past_due' });
  });

  it('a canceled subscription may not edit', () => {
    expect(entitlementOf(seller({ subscriptionStatus: 'canceled', trialEndsAt: at(5) }), NOW)).toEqual({ mayEdit: false, state: 'canceled' });
  });

  it('buyers and admins are never held back by a subscription', () => {
    expect(entitlementOf(seller({ role: 'buyer', trialEndsAt: at(-30) }), NOW).mayEdit).toBe(true);
    expect(entitlementOf(seller({ role: 'admin', subscriptionStatus: 'canceled' }), NOW).mayEdit).toBe(true);
  });
});

describe('trial countdown', () => {
  it('days left never go below zero', () => {
    expect(daysUntil(new Date(at(-3)), NOW)).toBe(0);
    expect(daysUntil(new Date(at(2.01)), NOW)).toBe(3);
  });

  it('is prominent from 3 days before the end', () => {
    expect(trialEndingSoon(entitlementOf(seller({ trialEndsAt: at(3) }), NOW))).toBe(true);
    expect(trialEndingSoon(entitlementOf(seller({ trialEndsAt: at(3.5) }), NOW))).toBe(false);
    expect(trialEndingSoon(entitlementOf(seller({ subscriptionStatus: 'active' }), NOW))).toBe(false);
  });
});

describe('lapsedMessage', () => {
  it('says why, per state', () => {
    expect(lapsedMessage('trial_ended')).toMatch(/free trial has ended/);
    expect(lapsedMessage('past_due')).toMatch(/7-day grace period is over/);
    expect(lapsedMessage('canceled')).toMatch(/subscription has ended/);
  });
});
