/** What the admin's customer list asks the server for: search, filters, order and page. */
import type { CustomerFilters, CustomerPageQuery } from '../../../sync/contract/api-reads';
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

/** The filters as the server takes them, for a page of the list and for the export of every match. */
export function customerFilters(query: CustomerQuery): CustomerFilters {
  return {
    search: query.search || undefined,
    role: query.role === 'all' ? undefined : query.role,
    status: query.status === 'all' ? undefined : query.status,
  };
}

/** One page of the list; the default order goes unnamed. */
export function customerPageQuery(query: CustomerQuery, page: number): CustomerPageQuery {
  const chosenOrder = query.order.sort !== DEFAULT_ORDER.sort || query.order.dir !== DEFAULT_ORDER.dir;
  return {
    ...customerFilters(query),
    sort: chosenOrder ? query.order.sort : undefined,
    dir: chosenOrder ? query.order.dir : undefined,
    page,
    pageSize: DEFAULT_CUSTOMER_PAGE_SIZE,
  };
}
