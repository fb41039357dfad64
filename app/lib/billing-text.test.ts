import { describe, expect, it } from 'vitest';
import { countdownText, planHeadline, statusLabel } from './billing-text';

describe('countdownText', () => {
  it('counts the trial down, urgent from 3 days before the end', () => {
    expect(countdownText({ mayEdit: true, state: 'trialing', trialEndsAt: '2026-06-01T00:00:00.000Z', daysLeft: 10 })).toEqual({
      text: 'Free trial: 10 days left',
      urgent: false,
    });
    expect(countdownText({ mayEdit: true, state: 'trialing', trialEndsAt: '2026-06-01T00:00:00.000Z', daysLeft: 3 })).toEqual({
      text: 'Free trial: 3 days left',
      urgent: true,
    });
    expect(countdownText({ mayEdit: true, state: 'trialing', trialEndsAt: '2026-06-01T00:00:00.000Z', daysLeft: 1 })?.text).toBe('Free trial: 1 day left');
  });

  it('warns through the grace period after a failed payment', () => {
    expect(countdownText({ mayEdit: true, state: 'past_due_grace', graceEndsAt: '2026-06-01T00:00:00.000Z', daysLeft: 2 })).toEqual({
      text: 'Payment failed: 2 days to update',
      urgent: true,
    });
  });

  it('has nothing to count for a paying or a lapsed seller', () => {
    expect(countdownText({ mayEdit: true, state: 'active' })).toBeNull();
    expect(countdownText({ mayEdit: false, state: 'canceled' })).toBeNull();
  });
});

describe('statusLabel', () => {
  it('names an unpaid ended trial apart from a canceled subscription', () => {
    expect(statusLabel('trial_expired')).toBe('Free trial ended');
    expect(statusLabel('canceled')).toBe('Canceled');
  });
});

describe('planHeadline', () => {
  it('says where the plan stands in one line', () => {
    expect(planHeadline({ mayEdit: true, state: 'trialing', trialEndsAt: '2026-06-01T12:00:00.000Z', daysLeft: 22 })).toMatch(/^Free trial: 22 days left \(ends .*2026\)$/);
    expect(planHeadline({ mayEdit: true, state: 'active' })).toBe('Pro plan: active');
    expect(planHeadline({ mayEdit: true, state: 'past_due_grace', graceEndsAt: '2026-06-01T00:00:00.000Z', daysLeft: 2 })).toBe('Payment failed: 2 days to update');
    expect(planHeadline({ mayEdit: false, state: 'trial_ended' })).toBe('Pro plan: not active');
    expect(planHeadline({ mayEdit: true, state: 'not_a_seller' })).toBeNull();
  });
});
