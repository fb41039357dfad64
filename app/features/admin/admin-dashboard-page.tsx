/**
 * The admin dashboard (spec section 2): figures, the customer list with a
 * client-side search and role filter, CSV export of what is shown, and
 * disabling or re-enabling an account.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AdminStats } from '../../../sync/entities/admin';
import { type User } from '../../../sync/entities/user';
import { displayName } from '../../../sync/entities/user-display';
import { Button } from '../../components/ui/button';
import { Badge, Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/form-controls';
import { apiRequest, isUnauthorizedError, messageOf } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast-store';
import { customerBusinessName, customersCsvFileName, customersToCsv } from './customers-csv';
import { filterCustomers, type CustomerRoleFilter } from './filter-customers';

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; stats: AdminStats; customers: User[] };

const ROLE_OPTIONS: Array<{ value: CustomerRoleFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'seller', label: 'Sellers' },
  { value: 'buyer', label: 'Buyers' },
];

const ROLE_BADGE_CLASSES: Record<User['role'], string> = {
  seller: 'bg-violet-100 text-violet-800',
  buyer: 'bg-sky-100 text-sky-800',
  admin: 'bg-stone-200 text-stone-800',
};

const STATUS_BADGE_CLASSES: Record<string, string> = {
  active: 'bg-brand-100 text-brand-800',
  trial: 'bg-amber-100 text-amber-800',
};
const OTHER_STATUS_BADGE_CLASSES = 'bg-red-100 text-red-800';

const LOGIN_REDIRECT_DELAY_MS = 500;

function humanize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
}

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function downloadCsv(csv: string, fileName: string): void {
  // The byte-order mark makes spreadsheet apps read the file as UTF-8, so accented names survive.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking in the same task can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function AdminDashboardPage() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<CustomerRoleFilter>('all');
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    let cancelled = false;
    Promise.all([apiRequest<AdminStats>('GET', '/api/admin/stats'), apiRequest<User[]>('GET', '/api/admin/customers')])
      .then(([stats, customers]) => {
        if (!cancelled) setState({ status: 'ready', stats, customers });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'error', message: messageOf(error, 'Failed to load the admin dashboard.') });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const customers = state.status === 'ready' ? state.customers : null;
  const visibleCustomers = useMemo(() => (customers ? filterCustomers(customers, { search, role }) : []), [customers, search, role]);

  function retry() {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }

  function exportCsv() {
    downloadCsv(customersToCsv(visibleCustomers), customersCsvFileName(new Date()));
  }

  function markPending(id: string, pending: boolean) {
    setPendingIds((current) => {
      const next = new Set(current);
      if (pending) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function setAccess(customer: User, disabled: boolean) {
    const name = displayName(customer);
    if (disabled && !window.confirm(`Disable ${name}? They will be signed out and cannot sign in until you enable the account again.`)) return;
    markPending(customer.id, true);
    try {
      const updated = await apiRequest<User>('PATCH', `/api/admin/customers/${encodeURIComponent(customer.id)}`, { disabled });
      setState((current) =>
        current.status === 'ready'
          ? { ...current, customers: current.customers.map((row) => (row.id === updated.id ? updated : row)) }
          : current,
      );
      toast({
        title: disabled ? 'Customer disabled' : 'Customer enabled',
        description: disabled ? `${name} can no longer sign in.` : `${name} can sign in again.`,
        variant: 'success',
      });
    } catch (error) {
      if (isUnauthorizedError(error)) {
        toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
        setTimeout(() => {
          window.location.href = '/api/login';
        }, LOGIN_REDIRECT_DELAY_MS);
      } else {
        toast({
          title: 'Error',
          description: messageOf(error, disabled ? 'Failed to disable customer' : 'Failed to enable customer'),
          variant: 'destructive',
        });
      }
    } finally {
      markPending(customer.id, false);
    }
  }

  return (
    <>
      <main id="main-content" tabIndex={-1} className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 focus:outline-none sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-stone-900">Admin Dashboard</h1>
            <p className="mt-1 text-sm text-stone-600">Manage customers and see how the platform is growing.</p>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              window.location.href = '/api/logout';
            }}
          >
            Sign Out
          </Button>
        </div>

        {state.status === 'loading' && (
          <p role="status" className="py-12 text-center text-stone-600">
            Loading admin dashboard...
          </p>
        )}

        {state.status === 'error' && (
          <Card className="grid justify-items-center gap-3 p-6 text-center">
            <p role="alert" className="text-red-700">
              {state.message}
            </p>
            <Button variant="outline" onClick={retry}>
              Try Again
            </Button>
          </Card>
        )}

        {state.status === 'ready' && (
          <>
            <section aria-labelledby="admin-stats-heading">
              <h2 id="admin-stats-heading" className="sr-only">
                Statistics
              </h2>
              <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                <StatCard label="Total Users" value={state.stats.totalUsers} />
                <StatCard label="Active Sellers" value={state.stats.activeSellers} />
                <StatCard label="Trial Users" value={state.stats.trialUsers} />
                <StatCard label="This Month" value={state.stats.monthlySignups} />
              </dl>
            </section>

            <Card className="p-4 sm:p-6">
              <section aria-labelledby="customer-management-heading" className="grid gap-4">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h2 id="customer-management-heading" className="text-lg font-semibold text-stone-900">
                    Customer Management
                  </h2>
                  <Button variant="outline" size="sm" onClick={exportCsv} disabled={visibleCustomers.length === 0}>
                    Export CSV
                  </Button>
                </div>

                <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
                  <Field id="admin-customer-search" label="Search customers">
                    <Input
                      id="admin-customer-search"
                      type="search"
                      value={search}
                      onChange={(event) => setSearch(event.target.value)}
                      placeholder="Name, email or business"
                      autoComplete="off"
                    />
                  </Field>
                  <Field id="admin-customer-role" label="Role">
                    <Select
                      id="admin-customer-role"
                      value={role}
                      onChange={(event) => setRole(event.target.value as CustomerRoleFilter)}
                    >
                      {ROLE_OPTIONS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </Select>
                  </Field>
                </div>

                <p aria-live="polite" className="text-sm text-stone-600">
                  {visibleCustomers.length === 1 ? '1 customer' : `${visibleCustomers.length} customers`}
                </p>

                {visibleCustomers.length === 0 ? (
                  <p className="rounded-lg border border-dashed border-stone-300 py-10 text-center text-stone-600">
                    No customers found matching your criteria.
                  </p>
                ) : (
                  <ul className="grid gap-3">
                    {visibleCustomers.map((customer) => (
                      <CustomerRow
                        key={customer.id}
                        customer={customer}
                        pending={pendingIds.has(customer.id)}
                        onSetAccess={(disabled) => void setAccess(customer, disabled)}
                      />
                    ))}
                  </ul>
                )}
              </section>
            </Card>
          </>
        )}
      </main>
    </>
  );
}

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card className="flex flex-col-reverse gap-1 p-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-2xl font-bold text-stone-900 tabular-nums">{value.toLocaleString()}</dd>
    </Card>
  );
}

function CustomerRow({ customer, pending, onSetAccess }: { customer: User; pending: boolean; onSetAccess: (disabled: boolean) => void }) {
  const name = displayName(customer);
  const place = [customer.city, customer.state].filter(Boolean).join(', ');
  return (
    <li className={cn('rounded-lg border border-stone-200 p-4', customer.disabled ? 'bg-stone-100' : 'bg-white')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{name}</h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge className={ROLE_BADGE_CLASSES[customer.role]}>{humanize(customer.role)}</Badge>
            <Badge className={STATUS_BADGE_CLASSES[customer.subscriptionStatus] ?? OTHER_STATUS_BADGE_CLASSES}>
              {customer.subscriptionStatus ? humanize(customer.subscriptionStatus) : 'N/A'}
            </Badge>
            {customer.disabled && <Badge className="bg-stone-300 text-stone-800">Disabled</Badge>}
          </div>
        </div>
        <Button
          variant={customer.disabled ? 'outline' : 'destructive'}
          size="sm"
          className="self-start"
          disabled={pending}
          aria-label={`${customer.disabled ? 'Enable' : 'Disable'} ${name}`}
          onClick={() => onSetAccess(!customer.disabled)}
        >
          {customer.disabled ? 'Enable' : 'Disable'}
        </Button>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Detail label="Email">
          <a href={`mailto:${customer.email}`} className="break-all text-brand-800 underline-offset-2 hover:underline">
            {customer.email}
          </a>
        </Detail>
        <Detail label="Phone">
          {customer.phoneNumber && (
            <a href={`tel:${customer.phoneNumber}`} className="text-brand-800 underline-offset-2 hover:underline">
              {customer.phoneNumber}
            </a>
          )}
        </Detail>
        <Detail label="Business">{customerBusinessName(customer)}</Detail>
        <Detail label="Location">{place}</Detail>
        <Detail label="License">{customer.licenseNumber}</Detail>
        <Detail label="Business type">{customer.businessType}</Detail>
        <Detail label="Joined">{formatDate(customer.createdAt)}</Detail>
        <Detail label="Trial ends">{formatDate(customer.trialEndsAt)}</Detail>
      </dl>
    </li>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      <dd className={cn('break-words', empty ? 'text-stone-400' : 'text-stone-800')}>{empty ? 'Not provided' : children}</dd>
    </div>
  );
}
