/**
 * One customer of the book: their contact and addresses, terms, price list, rep and tags, whether they linked their account (and the
 * invitation to), their orders, their
 * recent opens of the seller's menus, and edit and delete for those allowed. Read from the device's replica, so it
 * opens with no signal.
 */
import { moneyCents } from '../../../sync/rules/decimal';
import { useState } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { PAYMENT_TERM_LABELS, type Customer } from '../../../sync/entities/customer';
import type { Order } from '../../../sync/entities/order';
import type { PriceList } from '../../../sync/entities/price-list';
import { AppError } from '../../../sync/contract/errors';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../../sync/rules/order-labels';
import { customerCredit } from '../../../sync/rules/order-payments';
import { addressLines, billingAddressOf, shippingAddressOf } from '../../../sync/rules/postal-address';
import { PageBody, PageHeader, Section } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { askToConfirm } from '../../lib/confirm-store';
import { useDocumentTitle } from '../../lib/document-title';
import { formatPrice } from '../../lib/format-price';
import { mutate } from '../../lib/replica/mutate';
import { useTeamAllowances } from '../../lib/team-role';
import { useMemberNames, useTeamRead } from '../../lib/team-read';
import { toast } from '../../lib/toast-store';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomerLinkBadge, CustomerLinkCard } from './customer-link-card';
import { CustomerMenuActivity } from './customer-menu-activity';

export function CustomerPage() {
  const { id = '' } = useParams();
  return (
    <PageBody>
      <ReplicaGate>
        {(view) => {
          const customer = view.customers.get(id);
          if (!customer) {
            return (
              <Card className="p-8 text-center text-stone-600">
                This customer is not in your book. <Link to="/customers">Back to customers</Link>
              </Card>
            );
          }
          const orders = [...view.orders.values()].filter((order) => order.customerId === customer.id);
          return <CustomerDetail customer={customer} priceLists={[...view.priceLists.values()]} orders={orders.sort((a, b) => b.createdAt.localeCompare(a.createdAt))} />;
        }}
      </ReplicaGate>
    </PageBody>
  );
}

function CustomerDetail({ customer, priceLists, orders }: { customer: Customer; priceLists: PriceList[]; orders: Order[] }) {
  useDocumentTitle(customer.name);
  const [editing, setEditing] = useState(false);
  const { manageCustomers } = useTeamAllowances();
  const members = useTeamRead().data?.members ?? [];
  const memberNames = useMemberNames();
  const navigate = useNavigate();
  const priceList = priceLists.find((list) => list.id === customer.priceListId);

  async function remove() {
    const confirmed = await askToConfirm({
      title: `Delete ${customer.name}?`,
      description: 'The customer leaves your book. Their orders and messages stay.',
      confirmLabel: 'Delete customer',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await mutate({ name: 'customer.delete', args: { id: customer.id } });
      toast({ title: 'Customer deleted', variant: 'success' });
      void navigate('/customers');
    } catch (error) {
      toast({ title: 'Error', description: error instanceof AppError ? error.message : 'The customer could not be deleted', variant: 'destructive' });
    }
  }

  const terms: Array<[string, string]> = [
    ['Email', customer.email ?? '—'],
    ['Phone number', customer.phoneNumber ?? '—'],
    ['Billing address', addressLines(billingAddressOf(customer)).join('\n') || '—'],
    ['Shipping address', customer.shippingSameAsBilling ? 'Same as billing address' : addressLines(shippingAddressOf(customer)).join('\n') || '—'],
    ['License number', customer.licenseNumber ?? '—'],
    ['Payment terms', PAYMENT_TERM_LABELS[customer.paymentTerms]],
    ['Price list', customer.priceListId ? (priceList?.name ?? 'A deleted price list') : 'List prices'],
    ['Rep', customer.repUserId ? (memberNames?.get(customer.repUserId) ?? 'a former member') : 'No rep'],
    ['Hold when overdue', customer.holdWhenOverdue ? 'Yes' : 'No'],
  ];
  // Paid beyond what their orders bill (short deliveries, lowered totals, cancellations): theirs, not absorbed.
  const credit = customerCredit(orders);
  if (moneyCents(credit) > 0) terms.push(['Credit', formatPrice(credit)]);
  return (
    <>
      <PageHeader
        title={customer.name}
        subtitle={<Link to="/customers">All customers</Link>}
        actions={
          <>
            <Link to={`/orders/new?customer=${encodeURIComponent(customer.id)}`} className={buttonClasses()}>
              New order
            </Link>
            <Button variant="outline" onClick={() => setEditing(true)}>
              Edit
            </Button>
            {manageCustomers && (
              <Button variant="destructive" onClick={() => void remove()}>
                Delete
              </Button>
            )}
          </>
        }
      />
      {editing && <CustomerFormDialog customer={customer} priceLists={priceLists} members={members} manageTerms={manageCustomers} onClose={() => setEditing(false)} />}
      <Card className="p-4">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
          {terms.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="break-words whitespace-pre-line text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 flex flex-wrap gap-1">
          <CustomerLinkBadge link={customer.link} />
          {customer.tags.map((tag) => (
            <Badge key={tag} tone="neutral">
              {tag}
            </Badge>
          ))}
        </div>
      </Card>
      <CustomerLinkCard customer={customer} />
      <Section id="customer-orders" title="Orders">
        {orders.length === 0 ? (
          <Card className="p-6 text-center text-stone-600">No orders from this customer yet.</Card>
        ) : (
          <ul aria-label="Orders" className="grid gap-2">
            {orders.map((order) => (
              <li key={order.id}>
                <Link to={`/orders/${order.id}`} className="block">
                  <Card className="flex flex-wrap justify-between gap-2 p-3 text-sm hover:bg-stone-50">
                    <span>
                      <span className="font-medium">{order.number}</span> · {order.createdAt.slice(0, 10)} · {order.lines.length}{' '}
                      {order.lines.length === 1 ? 'product' : 'products'}
                    </span>
                    <span className="flex items-center gap-2 font-medium">
                      {formatPrice(order.total)} · {ORDER_STATUS_LABELS[order.status]} · {PAYMENT_STATUS_LABELS[order.paymentStatus]}
                      {order.overdue && <Badge tone="bad">Overdue</Badge>}
                    </span>
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {customer.buyerTeamId && <CustomerMenuActivity buyerTeamId={customer.buyerTeamId} />}
    </>
  );
}
