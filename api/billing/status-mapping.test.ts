import { describe, expect, it } from 'vitest';
import { userStatusFor } from './status-mapping';

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
