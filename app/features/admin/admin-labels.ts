/** Words and figures the admin dashboard shows, kept apart from the components so they can be tested. */
import { OWN_ACCOUNT_ACTIONS, type AuditAction, type AuditEntry } from '../../../sync/entities/admin';
import type { User } from '../../../sync/entities/user';
import { displayName } from '../../../sync/entities/user-display';

/** Buyers never pay, so they have no subscription status to show. */
export function subscriptionLabel(customer: Pick<User, 'role' | 'subscriptionStatus'>): string {
  if (customer.role !== 'seller' || !customer.subscriptionStatus) return 'N/A';
  return humanize(customer.subscriptionStatus);
}

export function humanize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
}

/** What follows a change of role, said before it is made. */
export const ROLE_CONSEQUENCES: Record<User['role'], string> = {
  seller: 'They keep their data, see the seller screens and, with no trial used yet, start a 14-day trial.',
  buyer: 'Their products and menus are kept and their links keep working, but they can no longer edit them.',
  admin: 'They can see every customer, disable accounts, change roles and extend trials.',
};

export function roleChangedToast(updated: User) {
  return { title: 'Role changed', description: `${displayName(updated)} is now ${humanize(updated.role).toLowerCase()}.`, variant: 'success' as const };
}

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'customer.disable': 'Disabled account',
  'customer.enable': 'Enabled account',
  'customer.role': 'Changed role',
  'customer.extend_trial': 'Extended trial',
  'customer.view': 'Opened details',
  'admin.sign_in': 'Signed in',
  'admin.sign_in_failed': 'Failed sign-in',
  'admin.password_change': 'Changed own password',
  'admin.email_change': 'Changed own email',
  'admin.account_close': 'Closed own account',
};

/**
 * What an entry names: its action; the account acted on, unless the admin
 * acted on their own account or the list is one account's; and who acted
 * from where (a failed sign-in has no proven actor, only an address).
 */
export function auditParts(entry: AuditEntry, showTarget: boolean): { label: string; target: string | null; who: string } {
  const target = showTarget && !OWN_ACCOUNT_ACTIONS.includes(entry.action) ? (entry.targetEmail ?? 'a removed account') : null;
  const who = entry.action === 'admin.sign_in_failed' ? `from ${entry.clientAddress}` : `by ${entry.actorEmail} from ${entry.clientAddress}`;
  return { label: AUDIT_ACTION_LABELS[entry.action], target, who };
}

/** Whole cents as dollars with separators, without passing through a fraction: 399900 -> '$3,999.00'. */
export function formatCents(cents: number): string {
  const dollars = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `$${dollars.toLocaleString('en-US')}.${rest}`;
}

/** A share as a percentage with one decimal, or a dash when there is nothing to divide by. */
export function formatShare(part: number, whole: number): string {
  if (whole === 0) return '—';
  return `${(Math.round((part * 1000) / whole) / 10).toFixed(1)}%`;
}

/** "Showing 26–50 of 120": the range of a page, or nothing when the page is empty. */
export function pageRange(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 customers';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? 'customer' : 'customers'}`;
}

export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
