/** A customer's role, plan and account state as badges, the same in the table and on the cards. */
import type { User } from '../../../sync/entities/user';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { humanize, subscriptionLabel } from './admin-labels';
import { BreakableText } from '../../components/ui/breakable-text';

const ROLE_TONES: Record<User['role'], BadgeTone> = { seller: 'seller', buyer: 'info', admin: 'neutral' };

/** Any other status (past due, canceled, unpaid) is a plan that has lapsed. */
const STATUS_TONES: Record<string, BadgeTone> = { Active: 'good', Trial: 'waiting', 'N/A': 'neutral' };

export function RoleBadge({ customer }: { customer: User }) {
  return <Badge tone={ROLE_TONES[customer.role]}>{humanize(customer.role)}</Badge>;
}

export function StatusBadges({ customer }: { customer: User }) {
  const status = subscriptionLabel(customer);
  return (
    <>
      <Badge tone={STATUS_TONES[status] ?? 'bad'}>{status}</Badge>
      {customer.disabled && <Badge tone="bad">Disabled</Badge>}
    </>
  );
}

/** Said beside a licence number another account holds too. */
export const SHARED_LICENSE_LABEL = 'Shared licence';

/** A licence number, marked when another account holds it too. */
export function LicenseNumber({ number, shared }: { number: string; shared: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="break-words">
        <BreakableText text={number} />
      </span>
      {shared && (
        <Badge tone="bad" title="Another account holds this licence number">
          {SHARED_LICENSE_LABEL}
        </Badge>
      )}
    </span>
  );
}
