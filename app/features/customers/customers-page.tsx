/**
 * The seller's customer book: search by name, email, licence or tag, filter by terms and price list, add a customer,
 * and move the book in and out as CSV. It reads the device's replica (a rep's replica holds only their customers), so
 * it works with no signal.
 */
import { useMemo, useState } from 'react';
import { Link } from '../../lib/router';
import { customersToCsv, parseCustomersCsv, type CustomerCsvRow } from '../../lib/csv/customer-csv';
import { PAYMENT_TERM_LABELS, PAYMENT_TERMS, type Customer, type PaymentTerms } from '../../../sync/entities/customer';
import type { Order } from '../../../sync/entities/order';
import type { PriceList } from '../../../sync/entities/price-list';
import { CsvImportDialog } from '../../components/csv-import-dialog';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/form-controls';
import { useDocumentTitle } from '../../lib/document-title';
import { downloadCsv } from '../../lib/download-csv';
import { formatPrice } from '../../lib/format-price';
import { mutate } from '../../lib/replica/mutate';
import { useTeamAllowances } from '../../lib/team-role';
import { useMemberNames, useTeamRead } from '../../lib/team-read';
import { creditsByCustomer } from './customer-credit';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomerLinkBadge } from './customer-link-card';
import { matchesCustomer } from './customer-search';

export function CustomersPage() {
  useDocumentTitle('Customers');
  return (
    <PageBody>
      <PageHeader title="Customers" subtitle="The dispensaries you sell to, their terms and their prices." />
      <ReplicaGate>
        {(view) => (
          <CustomerBook
            customers={[...view.customers.values()].sort((a, b) => a.name.localeCompare(b.name))}
            priceLists={[...view.priceLists.values()].sort((a, b) => a.name.localeCompare(b.name))}
            orders={view.orders}
          />
        )}
      </ReplicaGate>
    </PageBody>
  );
}

function CustomerBook({ customers, priceLists, orders }: { customers: Customer[]; priceLists: PriceList[]; orders: ReadonlyMap<string, Order> }) {
  const [search, setSearch] = useState('');
  const [terms, setTerms] = useState<PaymentTerms | 'all'>('all');
  const [listId, setListId] = useState('all');
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const { manageCustomers } = useTeamAllowances();
  const members = useTeamRead().data?.members ?? [];
  const memberNames = useMemberNames();
  const listNames = useMemo(() => new Map(priceLists.map((list) => [list.id, list.name])), [priceLists]);
  const credits = useMemo(() => creditsByCustomer(orders.values()), [orders]);

  const visible = useMemo(
    () =>
      customers.filter(
        (customer) =>
          (terms === 'all' || customer.paymentTerms === terms) && (listId === 'all' || (customer.priceListId ?? 'none') === listId) && matchesCustomer(customer, search),
      ),
    [customers, terms, listId, search],
  );

  const context = { priceLists, members };
  function exportBook() {
    downloadCsv(`customers-${new Date().toISOString().slice(0, 10)}.csv`, customersToCsv(customers, context));
  }

  async function importRows(rows: CustomerCsvRow[]): Promise<string> {
    let written = 0;
    for (const row of rows) {
      if (!row.values) continue;
      if (row.customerId) await mutate({ name: 'customer.update', args: { id: row.customerId, changes: row.values } });
      else await mutate({ name: 'customer.create', args: { ...row.values, id: crypto.randomUUID() } });
      written += 1;
    }
    return `Imported ${written} ${written === 1 ? 'customer' : 'customers'}.`;
  }

  return (
    <>
      <div className="flex flex-wrap justify-end gap-2">
        {manageCustomers && (
          <Button variant="outline" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
        )}
        <Button variant="outline" onClick={exportBook} disabled={customers.length === 0}>
          Export CSV
        </Button>
        <Button onClick={() => setAdding(true)}>Add customer</Button>
      </div>
      {adding && <CustomerFormDialog customer={null} priceLists={priceLists} members={members} manageTerms={manageCustomers} onClose={() => setAdding(false)} />}
      {importing && (
        <CsvImportDialog
          title="Import customers from CSV"
          help="Columns: name, email, licenseNumber, paymentTerms, priceList (by name), rep (email or name), holdWhenOverdue, tags (separated by ;), phoneNumber, the billing address (billingLine1, billingLine2, billingCity, billingState, billingZipCode), shippingSameAsBilling, the shipping address (shippingLine1 to shippingZipCode), id. A row with the id or email of a customer in your book updates it, in the columns the file has."
          noun="customer"
          read={(text) => parseCustomersCsv(text, customers, context)}
          onImport={importRows}
          onClose={() => setImporting(false)}
        />
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        <Input type="search" aria-label="Search customers" placeholder="Search name, email, license or tag" value={search} onChange={(event) => setSearch(event.target.value)} />
        <Select aria-label="Payment terms" value={terms} onChange={(event) => setTerms(event.target.value as PaymentTerms | 'all')}>
          <option value="all">All terms</option>
          {PAYMENT_TERMS.map((value) => (
            <option key={value} value={value}>
              {PAYMENT_TERM_LABELS[value]}
            </option>
          ))}
        </Select>
        <Select aria-label="Price list" value={listId} onChange={(event) => setListId(event.target.value)}>
          <option value="all">All price lists</option>
          <option value="none">List prices</option>
          {priceLists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </Select>
      </div>
      {visible.length === 0 ? (
        <Card className="p-8 text-center text-stone-600">
          {customers.length ? 'No customers match your search.' : 'No customers yet. Add the dispensaries you sell to, or import them from a spreadsheet.'}
        </Card>
      ) : (
        <ul aria-label="Customers" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((customer) => (
            <li key={customer.id}>
              <Card className="grid gap-1 p-4">
                <Link to={`/customers/${customer.id}`} className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline">
                  {customer.name}
                </Link>
                {customer.email && <p className="text-sm break-words text-stone-600">{customer.email}</p>}
                <p className="text-sm text-stone-700">
                  {PAYMENT_TERM_LABELS[customer.paymentTerms]} · {customer.priceListId ? (listNames.get(customer.priceListId) ?? 'A deleted price list') : 'List prices'}
                  {customer.repUserId && ` · Rep: ${memberNames?.get(customer.repUserId) ?? 'a former member'}`}
                </p>
                <div className="flex flex-wrap gap-1">
                  {customer.link !== 'unlinked' && <CustomerLinkBadge link={customer.link} />}
                  {customer.holdWhenOverdue && <Badge tone="info">Hold when overdue</Badge>}
                  {credits.has(customer.id) && <Badge tone="good">Credit {formatPrice(credits.get(customer.id)!)}</Badge>}
                  {customer.tags.map((tag) => (
                    <Badge key={tag} tone="neutral">
                      {tag}
                    </Badge>
                  ))}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {visible.length > 0 && visible.length < customers.length && (
        <p className="text-sm text-stone-600" aria-live="polite">
          Showing {visible.length} of {customers.length} customers
        </p>
      )}
    </>
  );
}
