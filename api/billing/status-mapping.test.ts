import { describe, expect, it } from 'vitest';
import { standingAfter, userStatusFor } from './status-mapping';

describe('userStatusFor', () => {
  it.each([
    ['trialing', 'trial'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['paused', 'canceled'],
    ['incomplete', null],
    ['something_new', null],
  ])('%s is stored as %s', (provider, stored) => {
    expect(userStatusFor(provider)).toBe(stored);
  });
});

describe('standingAfter', () => {
  it('keeps a seller who never paid on the trial when the subscription ends, so the ended trial is what they see', () => {
    expect(standingAfter('trial', 'canceled')).toBeNull();
    expect(standingAfter('trial', 'incomplete_expired')).toBeNull();
  });

  it('moves a paying seller as the provider says', () => {
    expect(standingAfter('active', 'canceled')).toBe('canceled');
    expect(standingAfter('past_due', 'canceled')).toBe('canceled');
    expect(standingAfter('trial', 'active')).toBe('active');
    expect(standingAfter('trial', 'past_due')).toBe('past_due');
  });
});
