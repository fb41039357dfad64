/** What the admin's customer list asks the server for: search, filters, order and page. */
import type { AccountFilters, AccountPageQuery } from '../../../sync/contract/api-reads';
import { DEFAULT_ACCOUNT_PAGE_SIZE, type AccountSort, type AccountStatusFilter, type SortDirection } from '../../../sync/entities/admin';

export type RoleFilter = 'all' | 'seller' | 'buyer';
export type StatusFilter = 'all' | AccountStatusFilter;
export type AccountOrder = { sort: AccountSort; dir: SortDirection };

export type AccountQuery = { search: string; role: RoleFilter; status: StatusFilter; order: AccountOrder };

/** Newest first, as the server lists without a sort. */
export const DEFAULT_ORDER: AccountOrder = { sort: 'joined', dir: 'desc' };

/** A click on a column's header: the same column turns round, another starts ascending. */
export function nextOrder(current: AccountOrder, sort: AccountSort): AccountOrder {
  if (current.sort === sort) return { sort, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort, dir: 'asc' };
}

/** The filters as the server takes them, for a page of the list and for the export of every match. */
export function accountFilters(query: AccountQuery): AccountFilters {
  return {
    search: query.search || undefined,
    role: query.role === 'all' ? undefined : query.role,
    status: query.status === 'all' ? undefined : query.status,
  };
}

/** One page of the list; the default order goes unnamed. */
export function accountPageQuery(query: AccountQuery, page: number): AccountPageQuery {
  const chosenOrder = query.order.sort !== DEFAULT_ORDER.sort || query.order.dir !== DEFAULT_ORDER.dir;
  return {
    ...accountFilters(query),
    sort: chosenOrder ? query.order.sort : undefined,
    dir: chosenOrder ? query.order.dir : undefined,
    page,
    pageSize: DEFAULT_ACCOUNT_PAGE_SIZE,
  };
}
