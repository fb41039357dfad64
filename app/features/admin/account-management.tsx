/** The customer list: filters, a table at desktop widths and cards on phones, paging, and the CSV export of every match. */
import { useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { downloadFile } from '../../lib/download-file';
import { readFromServer } from '../../lib/server-read/read-from-server';
import { useMediaQuery } from '../../lib/use-media-query';
import { pageCount, pageRange } from './admin-labels';
import type { AccountActions } from './account-actions';
import { AccountCards } from './account-cards';
import { AccountFilters } from './account-filters';
import { accountFilters } from './account-query';
import { AccountTable } from './account-table';
import { accountsCsvFileName, accountsToCsv } from './accounts-csv';
import { reportFailure } from './report-failure';
import type { useAccountList } from './use-account-list';

/** Tailwind's `lg`: from here on the columns fit side by side. */
const TABLE_WIDTH = '(min-width: 1024px)';

export function AccountManagement({ customers, ...actions }: { customers: ReturnType<typeof useAccountList> } & AccountActions) {
  const { list, query, page, setPage } = customers;
  const wide = useMediaQuery(TABLE_WIDTH);
  const [exporting, setExporting] = useState(false);
  const pages = list ? pageCount(list.pageSize, list.total) : 1;

  async function exportCsv() {
    setExporting(true);
    try {
      const everyMatch = await readFromServer(apiReads.adminAccounts(accountFilters(query)));
      // The byte-order mark makes spreadsheet apps read the file as UTF-8, so accented names survive.
      downloadFile(accountsCsvFileName(new Date()), new Blob(['\uFEFF', accountsToCsv(everyMatch)], { type: 'text/csv;charset=utf-8' }));
    } catch (error) {
      reportFailure(error, 'Failed to export customers');
    } finally {
      setExporting(false);
    }
  }

  return (
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

        <AccountFilters
          searchInput={customers.searchInput}
          onSearchInput={customers.setSearchInput}
          role={query.role}
          onRole={customers.setRole}
          status={query.status}
          onStatus={customers.setStatus}
        />

        {customers.error && (
          <p role="alert" className="text-red-700">
            {customers.error}
          </p>
        )}

        {list && (
          <>
            <p aria-live="polite" className="text-sm text-stone-700">
              {pageRange(list.page, list.pageSize, list.total)}
            </p>
            {list.items.length === 0 ? (
              <p className="rounded-lg border border-dashed border-stone-300 py-10 text-center text-stone-700">No customers found matching your criteria.</p>
            ) : wide ? (
              <AccountTable customers={list.items} order={query.order} onSort={customers.sortBy} {...actions} />
            ) : (
              <AccountCards customers={list.items} {...actions} />
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
  );
}
