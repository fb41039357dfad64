import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../sync/entities/admin';
import { auditParts, formatCents, formatShare, pageCount, pageRange, subscriptionLabel } from './admin-labels';

describe('subscriptionLabel', () => {
  it('shows a seller their status and a buyer N/A', () => {
    expect(subscriptionLabel({ role: 'seller', subscriptionStatus: 'past_due' })).toBe('Past due');
    expect(subscriptionLabel({ role: 'seller', subscriptionStatus: 'trial' })).toBe('Trial');
    expect(subscriptionLabel({ role: 'buyer', subscriptionStatus: 'trial' })).toBe('N/A');
  });
});

describe('formatCents', () => {
  it('writes dollars and cents exactly', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(3999)).toBe('$39.99');
    expect(formatCents(399_900_05)).toBe('$399,900.05');
  });
});

describe('formatShare', () => {
  it('rounds to one decimal and shows a dash for nothing', () => {
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(2, 2)).toBe('100.0%');
    expect(formatShare(0, 0)).toBe('—');
  });
});

describe('pageRange and pageCount', () => {
  it('names the rows a page shows', () => {
    expect(pageRange(1, 25, 120)).toBe('Showing 1–25 of 120 customers');
    expect(pageRange(5, 25, 120)).toBe('Showing 101–120 of 120 customers');
    expect(pageRange(1, 25, 1)).toBe('Showing 1–1 of 1 customer');
    expect(pageRange(1, 25, 0)).toBe('0 customers');
    expect(pageCount(25, 120)).toBe(5);
    expect(pageCount(25, 0)).toBe(1);
  });
});

describe('auditParts', () => {
  const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
    at: '2026-03-10T12:00:00.000Z',
    actorId: 'admin-1',
    actorEmail: 'ops@example.com',
    action: 'customer.view',
    targetId: 'customer-1',
    targetEmail: 'old-address@example.com',
    detail: null,
    clientAddress: '203.0.113.9',
    ...fields,
  });

  it('names the customer by the email the entry kept, or says the account is gone', () => {
    expect(auditParts(entry({}), true)).toEqual({ label: 'Opened details', target: 'old-address@example.com', who: 'by ops@example.com from 203.0.113.9' });
    expect(auditParts(entry({ targetEmail: null }), true).target).toBe('a removed account');
  });

  it("names no target in one account's own list, nor for an admin's own account", () => {
    expect(auditParts(entry({}), false).target).toBeNull();
    for (const action of ['admin.sign_in', 'admin.password_change', 'admin.email_change', 'admin.account_close'] as const) {
      expect(auditParts(entry({ action }), true).target).toBeNull();
    }
  });

  it('gives a failed sign-in the account tried and the address, but no actor', () => {
    expect(auditParts(entry({ action: 'admin.sign_in_failed', actorId: null, actorEmail: 'old-address@example.com' }), true)).toEqual({
      label: 'Failed sign-in',
      target: 'old-address@example.com',
      who: 'from 203.0.113.9',
    });
  });
});
