import { describe, expect, it } from 'vitest';
import { apiReads } from '../../../sync/contract/api-reads';
import { accountFilters, accountPageQuery, DEFAULT_ORDER, nextOrder, type AccountQuery } from './account-query';

const query = (changes: Partial<AccountQuery> = {}): AccountQuery => ({ search: '', role: 'all', status: 'all', order: DEFAULT_ORDER, ...changes });

/** One page of the list with `page`, every match (for the export) without. */
function accountsUrl(query: AccountQuery, page?: number): string {
  return page === undefined ? apiReads.adminAccounts(accountFilters(query)).path : apiReads.adminAccountPage(accountPageQuery(query, page)).path;
}

describe('the customer list asks', () => {
  it('asks for a page newest first without naming the default order', () => {
    expect(accountsUrl(query(), 2)).toBe('/api/admin/customers?page=2&pageSize=25');
  });

  it('names the filters and a chosen order', () => {
    expect(accountsUrl(query({ search: 'ash', role: 'seller', status: 'trial_ending', order: { sort: 'name', dir: 'asc' } }), 1)).toBe(
      '/api/admin/customers?search=ash&role=seller&status=trial_ending&sort=name&dir=asc&page=1&pageSize=25',
    );
  });

  it('asks for every match, filtered, for the export', () => {
    expect(accountsUrl(query({ status: 'lapsed', order: { sort: 'email', dir: 'desc' } }))).toBe('/api/admin/customers?status=lapsed');
  });
});

describe('nextOrder', () => {
  it('turns the sorted column round and starts another ascending', () => {
    expect(nextOrder({ sort: 'name', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'desc' });
    expect(nextOrder({ sort: 'name', dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(nextOrder({ sort: 'name', dir: 'desc' }, 'trialEnd')).toEqual({ sort: 'trialEnd', dir: 'asc' });
  });
});
