/**
 * The admin dashboard (spec section 2): figures, the customer list paged and
 * searched on the server, CSV export of every match, confirmed disabling and
 * enabling, a detail panel per customer, and the audit log.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_CUSTOMER_PAGE_SIZE, type AdminGrowth, type AdminStats, type CustomerPage } from '../../../sync/entities/admin';
import { type User } from '../../../sync/entities/user';
import { displayName } from '../../../sync/entities/user-display';
import { Button } from '../../components/ui/button';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/form-controls';
import { apiRequest, messageOf } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { AccessDialog } from './access-dialog';
import { humanize, pageCount, pageRange, subscriptionLabel } from './admin-labels';
import { AuditLogCard } from './audit-log-card';
import { CustomerDetailDialog } from './customer-detail-dialog';
import { customerBusinessName, customersCsvFileName, customersToCsv } from './customers-csv';
import { DetailField } from './detail-field';
import { formatDate } from './format-date';
import { GrowthCard } from './growth-card';
import { reportFailure } from './report-failure';
import { useDocumentTitle } from '../../lib/document-title';

type RoleFilter = 'all' | 'seller' | 'buyer';

type Figures = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; stats: AdminStats; growth: AdminGrowth };

const ROLE_OPTIONS: Array<{ value: RoleFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'seller', label: 'Sellers' },
  { value: 'buyer', label: 'Buyers' },
];

const ROLE_TONES: Record<User['role'], BadgeTone> = { seller: 'seller', buyer: 'info', admin: 'neutral' };

/** Any other status (past due, canceled, unpaid) is a plan that has lapsed. */
const STATUS_TONES: Record<string, BadgeTone> = { Active: 'good', Trial: 'waiting', 'N/A': 'neutral' };

/** Typing pauses this long before the list is asked for again. */
const SEARCH_DELAY_MS = 250;

function customersUrl(search: string, role: RoleFilter, page?: number): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (role !== 'all') params.set('role', role);
  if (page !== undefined) {
    params.set('page', String(page));
    params.set('pageSize', String(DEFAULT_CUSTOMER_PAGE_SIZE));
  }
  const query = params.toString();
  return `/api/admin/customers${query ? `?${query}` : ''}`;
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
  useDocumentTitle('Admin Dashboard');
  const [figures, setFigures] = useState<Figures>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<CustomerPage | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState<User | null>(null);
  const [viewing, setViewing] = useState<User | null>(null);
  const [auditRefresh, setAuditRefresh] = useState(0);

  useEffect(() => {
    let cancelled = false;
    Promise.all([apiRequest<AdminStats>('GET', '/api/admin/stats'), apiRequest<AdminGrowth>('GET', '/api/admin/growth')])
      .then(([stats, growth]) => !cancelled && setFigures({ status: 'ready', stats, growth }))
      .catch((error: unknown) => !cancelled && setFigures({ status: 'error', message: messageOf(error, 'Failed to load the admin dashboard.') }));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  useEffect(() => {
    let cancelled = false;
    apiRequest<CustomerPage>('GET', customersUrl(search, role, page))
      .then((body) => {
        if (cancelled) return;
        setList(body);
        setListError(null);
      })
      .catch((error: unknown) => !cancelled && setListError(messageOf(error, 'Failed to load customers.')));
    return () => {
      cancelled = true;
    };
  }, [search, role, page, attempt]);

  function retry() {
    setFigures({ status: 'loading' });
    setAttempt((value) => value + 1);
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const everyMatch = await apiRequest<User[]>('GET', customersUrl(search, role));
      downloadCsv(customersToCsv(everyMatch), customersCsvFileName(new Date()));
    } catch (error) {
      reportFailure(error, 'Failed to export customers');
    } finally {
      setExporting(false);
    }
  }

  /** Opening a customer's details went into the audit log. */
  function closeDetails() {
    setViewing(null);
    setAuditRefresh((value) => value + 1);
  }

  function replaceCustomer(updated: User) {
    setList((current) => current && { ...current, items: current.items.map((row) => (row.id === updated.id ? updated : row)) });
    setViewing((current) => (current?.id === updated.id ? updated : current));
    setAuditRefresh((value) => value + 1);
  }

  const pages = list ? pageCount(list.pageSize, list.total) : 1;

  return (
    <main id="main-content" tabIndex={-1} className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 focus:outline-none sm:px-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Admin Dashboard</h1>
        <p className="mt-1 text-sm text-stone-600">Manage customers and see how the platform is growing.</p>
      </div>

      {figures.status === 'loading' && (
        <p role="status" className="py-12 text-center text-stone-600">
          Loading admin dashboard...
        </p>
      )}

      {figures.status === 'error' && (
        <Card className="grid justify-items-center gap-3 p-6 text-center">
          <p role="alert" className="text-red-700">
            {figures.message}
          </p>
          <Button variant="outline" onClick={retry}>
            Try Again
          </Button>
        </Card>
      )}

      {figures.status === 'ready' && (
        <>
          <section aria-labelledby="admin-stats-heading">
            <h2 id="admin-stats-heading" className="sr-only">
              Statistics
            </h2>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatCard label="Total Users" value={figures.stats.totalUsers} />
              <StatCard label="Active Sellers" value={figures.stats.activeSellers} />
              <StatCard label="Trial Users" value={figures.stats.trialUsers} />
              <StatCard label="This Month" value={figures.stats.monthlySignups} />
            </dl>
          </section>
          <GrowthCard growth={figures.growth} />
        </>
      )}

      <Card className="p-4 sm:p-6">
        <section aria-labelledby="customer-management-heading" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="customer-management-heading" className="text-lg font-semibold text-stone-900">
              Customer Management
            </h2>
            <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={exporting || !list || list.total === 0}>
              Export CSV
            </Button>
          </div>

          <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
            <Field id="admin-customer-search" label="Search customers">
              <Input
                id="admin-customer-search"
                type="search"
                value={searchInput}
                onChange={(event) => setSearchInput(event.target.value)}
                placeholder="Name, email or business"
                autoComplete="off"
              />
            </Field>
            <Field id="admin-customer-role" label="Role">
              <Select
                id="admin-customer-role"
                value={role}
                onChange={(event) => {
                  setRole(event.target.value as RoleFilter);
                  setPage(1);
                }}
              >
                {ROLE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </Field>
          </div>

          {listError && (
            <p role="alert" className="text-red-700">
              {listError}
            </p>
          )}

          {list && (
            <>
              <p aria-live="polite" className="text-sm text-stone-700">
                {pageRange(list.page, list.pageSize, list.total)}
              </p>
              {list.items.length === 0 ? (
                <p className="rounded-lg border border-dashed border-stone-300 py-10 text-center text-stone-700">No customers found matching your criteria.</p>
              ) : (
                <ul className="grid gap-3">
                  {list.items.map((customer) => (
                    <CustomerRow key={customer.id} customer={customer} onSetAccess={() => setConfirming(customer)} onView={() => setViewing(customer)} />
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <nav aria-label="Customer pages" className="flex items-center justify-between gap-2 text-sm text-stone-700">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Previous
                  </Button>
                  <span>
                    Page {list.page} of {pages}
                  </span>
                  <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    Next
                  </Button>
                </nav>
              )}
            </>
          )}
        </section>
      </Card>

      <AuditLogCard refresh={auditRefresh} />

      {confirming && <AccessDialog customer={confirming} onClose={() => setConfirming(null)} onChanged={replaceCustomer} />}
      {viewing && <CustomerDetailDialog customer={viewing} onClose={closeDetails} onChanged={replaceCustomer} />}
    </main>
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

function CustomerRow({ customer, onSetAccess, onView }: { customer: User; onSetAccess: () => void; onView: () => void }) {
  const name = displayName(customer);
  const place = [customer.city, customer.state].filter(Boolean).join(', ');
  const status = subscriptionLabel(customer);
  return (
    <li className={cn('rounded-lg border border-stone-200 p-4', customer.disabled ? 'bg-stone-100' : 'bg-white')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{name}</h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge tone={ROLE_TONES[customer.role]}>{humanize(customer.role)}</Badge>
            <Badge tone={STATUS_TONES[status] ?? 'bad'}>{status}</Badge>
            {customer.disabled && <Badge tone="bad">Disabled</Badge>}
          </div>
        </div>
        <div className="flex gap-2 self-start">
          <Button variant="outline" size="sm" aria-label={`Details for ${name}`} onClick={onView}>
            Details
          </Button>
          <Button variant="outline" size="sm" aria-label={`${customer.disabled ? 'Enable' : 'Disable'} ${name}`} onClick={onSetAccess}>
            {customer.disabled ? 'Enable' : 'Disable'}
          </Button>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <DetailField label="Email">
          <a href={`mailto:${customer.email}`} className="break-all text-brand-800 underline-offset-2 hover:underline">
            {customer.email}
          </a>
        </DetailField>
        <DetailField label="Phone">
          {customer.phoneNumber && (
            <a href={`tel:${customer.phoneNumber}`} className="text-brand-800 underline-offset-2 hover:underline">
              {customer.phoneNumber}
            </a>
          )}
        </DetailField>
        <DetailField label="Business">{customerBusinessName(customer)}</DetailField>
        <DetailField label="Location">{place}</DetailField>
        <DetailField label="License">{customer.licenseNumber}</DetailField>
        <DetailField label="Business type">{customer.businessType}</DetailField>
        <DetailField label="Joined">{formatDate(customer.createdAt)}</DetailField>
        {customer.role === 'seller' && <DetailField label="Trial ends">{formatDate(customer.trialEndsAt)}</DetailField>}
      </dl>
    </li>
  );
}
