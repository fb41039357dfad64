/** The customer list's query (search, role, status, order, page) and the page the server answered for it. */
import { useEffect, useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import type { AccountSort, TeamMemberRow } from '../../../sync/entities/admin';
import type { User } from '../../../sync/entities/user';
import { messageOf } from '../../lib/api-client';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { accountPageQuery, DEFAULT_ORDER, nextOrder, type AccountQuery, type RoleFilter, type StatusFilter } from './account-query';

/** Typing pauses this long before the list is asked for again. */
const SEARCH_DELAY_MS = 250;

export function useAccountList() {
  const [searchInput, setSearchInput] = useState('');
  const [query, setQuery] = useState<AccountQuery>({ search: '', role: 'all', status: 'all', order: DEFAULT_ORDER });
  const [page, setPage] = useState(1);
  // Another page or filter keeps the rows shown until its own arrive.
  const read = useServerRead(apiReads.adminAccountPage(accountPageQuery(query, page)), { showPreviousWhileLoading: true });

  /** Any change of what is asked starts again at the first page. */
  function change(changes: Partial<AccountQuery>) {
    setQuery((current) => {
      const same = Object.entries(changes).every(([key, value]) => current[key as keyof AccountQuery] === value);
      return same ? current : { ...current, ...changes };
    });
    setPage(1);
  }

  useEffect(() => {
    const timer = setTimeout(() => change({ search: searchInput.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  /** A customer changed in a dialog shows changed in the list at once, as a row or under their team; the licence flag and the team are theirs still. */
  function replace(updated: User) {
    const asMember = (member: TeamMemberRow): TeamMemberRow =>
      member.id === updated.id ? { ...member, email: updated.email, firstName: updated.firstName, lastName: updated.lastName, disabled: updated.disabled } : member;
    read.replace((current) => ({
      ...current,
      items: current.items.map((row) => ({ ...(row.id === updated.id ? { ...row, ...updated } : row), members: row.members.map(asMember) })),
    }));
  }

  return {
    searchInput,
    setSearchInput,
    query,
    setRole: (role: RoleFilter) => change({ role }),
    setStatus: (status: StatusFilter) => change({ status }),
    sortBy: (sort: AccountSort) => change({ order: nextOrder(query.order, sort) }),
    page,
    setPage,
    list: read.data ?? null,
    error: read.error === null ? null : messageOf(read.error, 'Failed to load customers.'),
    replace,
    retry: read.retry,
  };
}
