/**
 * The admin dashboard: figures, the customer list paged,
 * sorted and filtered on the server, CSV export of every match, confirmed
 * disabling and enabling, a detail panel per customer, and the audit log.
 */
import type { User } from '../../../sync/entities/user';
import { useDocumentTitle } from '../../lib/document-title';
import { AccessDialog } from './access-dialog';
import { AdminFigures } from './admin-figures';
import { AuditLogCard } from './audit-log-card';
import { AccountDetailDialog } from './account-detail-dialog';
import { AccountManagement } from './account-management';
import { useAdminFigures } from './use-admin-figures';
import { useAccountDialogs } from './use-account-dialogs';
import { useAccountList } from './use-account-list';

export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const figures = useAdminFigures();
  const customers = useAccountList();
  const dialogs = useAccountDialogs();

  /** The customer list is asked again with the figures. */
  function retry() {
    figures.retry();
    customers.retry();
  }

  function changed(updated: User) {
    customers.replace(updated);
    dialogs.changed(updated);
  }

  return (
    <main id="main-content" tabIndex={-1} className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 focus:outline-none sm:px-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Admin Dashboard</h1>
        <p className="mt-1 text-sm text-stone-600">Manage customers and see how the platform is growing.</p>
      </div>

      <AdminFigures figures={figures.figures} onRetry={retry} />
      <AccountManagement customers={customers} onSetAccess={dialogs.confirmAccess} onView={dialogs.view} />
      <AuditLogCard refresh={dialogs.auditRefresh} />

      {dialogs.confirming && <AccessDialog customer={dialogs.confirming} onClose={dialogs.closeAccess} onChanged={changed} />}
      {dialogs.viewing && <AccountDetailDialog customer={dialogs.viewing} onClose={dialogs.closeDetails} onChanged={changed} />}
    </main>
  );
}
