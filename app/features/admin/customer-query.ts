/** What the admin's customer list asks the server for: search, filters, order and page. */
import { DEFAULT_CUSTOMER_PAGE_SIZE, type CustomerSort, type CustomerStatusFilter, type SortDirection } from '../../../sync/entities/admin';

export type RoleFilter = 'all' | 'seller' | 'buyer';
export type StatusFilter = 'all' | CustomerStatusFilter;
export type CustomerOrder = { sort: CustomerSort; dir: SortDirection };

export type CustomerQuery = { search: string; role: RoleFilter; status: StatusFilter; order: CustomerOrder };

/** Newest first, as the server lists without a sort. */
export const DEFAULT_ORDER: CustomerOrder = { sort: 'joined', dir: 'desc' };

/** A click on a column's header: the same column turns round, another starts ascending. */
export function nextOrder(current: CustomerOrder, sort: CustomerSort): CustomerOrder {
  if (current.sort === sort) return { sort, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort, dir: 'asc' };
}

/** One page of the list with `page`, every match (for the export) without. */
export function customersUrl(query: CustomerQuery, page?: number): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.role !== 'all') params.set('role', query.role);
  if (query.status !== 'all') params.set('status', query.status);
  if (page !== undefined) {
    if (query.order.sort !== DEFAULT_ORDER.sort || query.order.dir !== DEFAULT_ORDER.dir) {
      params.set('sort', query.order.sort);
      params.set('dir', query.order.dir);
    }
    params.set('page', String(page));
    params.set('pageSize', String(DEFAULT_CUSTOMER_PAGE_SIZE));
  }
  const encoded = params.toString();
  return `/api/admin/customers${encoded ? `?${encoded}` : ''}`;
}
