/** The dashboard's audit log: every admin action, sign-in, failed sign-in and change to an admin's own account, newest first, a page at a time. */
import { useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { messageOf } from '../../lib/api-client';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { pageCount } from './admin-labels';
import { AuditEntries } from './audit-entries';

/** `refresh` changes when an action on this page may have added an entry. */
export function AuditLogCard({ refresh }: { refresh: number }) {
  const [page, setPage] = useState(1);
  // Another page keeps the entries shown until its own arrive.
  const read = useServerRead(apiReads.adminAudit(page), { showPreviousWhileLoading: true, refresh });
  const data = read.data;
  const error = read.error === null ? null : messageOf(read.error, 'Failed to load the audit log.');

  const pages = data ? pageCount(data.pageSize, data.total) : 1;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="audit-log-heading" className="grid gap-3">
        <h2 id="audit-log-heading" className="text-lg font-semibold text-stone-900">
          Audit log
        </h2>
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
        {data && data.items.length === 0 && <p className="text-stone-700">Nothing recorded yet.</p>}
        {data && data.items.length > 0 && <AuditEntries entries={data.items} />}
        {pages > 1 && (
          <nav aria-label="Audit log pages" className="flex items-center justify-between gap-2 text-sm text-stone-700">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </nav>
        )}
      </section>
    </Card>
  );
}
