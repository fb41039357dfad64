/** The team's price lists: each with its dates, whether it applies today, how many products it sets and who is on it. */
import { Link } from '../../lib/router';
import type { Customer } from '../../../sync/entities/customer';
import type { Menu } from '../../../sync/entities/menu';
import type { PriceList } from '../../../sync/entities/price-list';
import { calendarDay, priceListInEffect } from '../../../sync/rules/pricing';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { ReplicaGate } from '../../components/replica-gate';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/document-title';
import { listMenus } from '../../lib/replica/use-replica';
import { useTeamAllowances } from '../../lib/team-role';

export function PriceListsPage() {
  useDocumentTitle('Price lists');
  const { editPriceLists } = useTeamAllowances();
  return (
    <PageBody>
      <PageHeader
        title="Price lists"
        subtitle="Prices, hidden products, minimums and quantity breaks for some of your buyers."
        actions={
          editPriceLists && (
            <Link to="/price-lists/new" className={buttonClasses()}>
              New price list
            </Link>
          )
        }
      />
      <ReplicaGate>
        {(view) => (
          <PriceListList lists={[...view.priceLists.values()].sort((a, b) => a.name.localeCompare(b.name))} customers={[...view.customers.values()]} menus={listMenus(view)} />
        )}
      </ReplicaGate>
    </PageBody>
  );
}

/** "1 Jan 2026 – open", the list's dates as a seller reads them. */
function datesText(list: PriceList): string {
  if (!list.startsAt && !list.endsAt) return 'Always';
  return `${list.startsAt ?? 'Open'} – ${list.endsAt ?? 'open'}`;
}

function PriceListList({ lists, customers, menus }: { lists: PriceList[]; customers: Customer[]; menus: Menu[] }) {
  if (lists.length === 0) {
    return <Card className="p-8 text-center text-stone-600">No price lists yet. Make one to give some customers their own prices, or bind one to a menu.</Card>;
  }
  const today = calendarDay(new Date());
  const count = (items: Array<{ priceListId?: string | null }>, id: string) => items.filter((item) => item.priceListId === id).length;
  return (
    <ul aria-label="Price lists" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {lists.map((list) => {
        const hidden = list.entries.filter((entry) => entry.hidden).length;
        const onCustomers = count(customers, list.id);
        const onMenus = count(menus, list.id);
        return (
          <li key={list.id}>
            <Card className="grid gap-1 p-4">
              <Link to={`/price-lists/${list.id}`} className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline">
                {list.name}
              </Link>
              <p className="text-sm text-stone-700">
                {datesText(list)} · {list.entries.length} {list.entries.length === 1 ? 'product' : 'products'}
                {hidden > 0 && ` (${hidden} hidden)`}
              </p>
              <p className="text-sm text-stone-600">
                {onCustomers} {onCustomers === 1 ? 'customer' : 'customers'} · {onMenus} {onMenus === 1 ? 'menu' : 'menus'}
              </p>
              <div>{priceListInEffect(list, today) ? <Badge tone="good">In effect</Badge> : <Badge tone="neutral">Not in effect today</Badge>}</div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
