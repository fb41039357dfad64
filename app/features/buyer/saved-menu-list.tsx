/** The buyer's saved menus with a working search (names, notes, tags) and supplier filter; used by the dashboard and /saved-menus. */
import { useMemo, useState } from 'react';
import { Link } from '../../lib/router';
import { savedMenuAvailable, type SavedMenuListItem } from '../../../sync/entities/saved-menu';
import { buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/form-controls';
import { NO_LONGER_OFFERED, savedMenuTitle } from './saved-menu-availability';

const UNKNOWN_SUPPLIER = 'Cannabis Supplier';

export function SavedMenuList({ items }: { items: SavedMenuListItem[] }) {
  const [search, setSearch] = useState('');
  const [supplier, setSupplier] = useState('all');
  const suppliers = useMemo(() => [...new Set(items.map((item) => item.menu.sellerBusinessName || UNKNOWN_SUPPLIER))].sort(), [items]);
  const now = new Date();
  const visible = items.filter((item) => {
    const needle = search.trim().toLowerCase();
    const supplierName = item.menu.sellerBusinessName || UNKNOWN_SUPPLIER;
    const about = savedMenuAvailable(item, now) ? `${item.menu.name} ${item.menu.description ?? ''}` : item.withdrawnAt ? item.menu.name : '';
    return (supplier === 'all' || supplierName === supplier) && (!needle || `${about} ${supplierName} ${item.notes ?? ''} ${item.tags.join(' ')}`.toLowerCase().includes(needle));
  });

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_16rem]">
        <Input type="search" aria-label="Search saved menus" placeholder="Search saved menus" value={search} onChange={(event) => setSearch(event.target.value)} />
        <Select aria-label="Supplier" value={supplier} onChange={(event) => setSupplier(event.target.value)}>
          <option value="all">All suppliers</option>
          {suppliers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      {visible.length === 0 ? (
        <Card className="p-6 text-center text-stone-600">{items.length ? 'No saved menus match your search.' : 'No saved menus yet. Open a menu link and press Save Menu.'}</Card>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {visible.map((item) => {
            const available = savedMenuAvailable(item, now);
            return (
              <li key={item.id}>
                <Card className="flex h-full flex-col gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className={available ? 'font-semibold' : 'font-semibold text-stone-500'}>{savedMenuTitle(item, now)}</h3>
                    <div className="flex shrink-0 gap-1">
                      {item.withdrawnAt && <Badge tone="bad">{NO_LONGER_OFFERED}</Badge>}
                      {available && item.stamp > item.lastSeenStamp && <Badge tone="new">Updated</Badge>}
                      {item.isFavorite && <Badge tone="favorite">★ Favorite</Badge>}
                    </div>
                  </div>
                  <p className="text-sm text-stone-600">{item.menu.sellerBusinessName || UNKNOWN_SUPPLIER}</p>
                  {available && (
                    <p className="text-sm text-stone-500">
                      {item.menu.productCount} {item.menu.productCount === 1 ? 'product' : 'products'}
                    </p>
                  )}
                  {item.tags.length > 0 && (
                    <ul className="flex flex-wrap gap-1" aria-label="Tags">
                      {item.tags.map((tag) => (
                        <li key={tag}>
                          <Badge tone="neutral">{tag}</Badge>
                        </li>
                      ))}
                    </ul>
                  )}
                  <Link to={`/saved-menus/${item.id}`} className={buttonClasses('outline', 'sm', 'mt-auto self-start')}>
                    {available ? 'Open menu' : 'Open notes'}
                  </Link>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
