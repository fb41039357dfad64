/** Which customer's dialog is open (access change or details), and the audit log's refresh after either. */
import { useState } from 'react';
import type { AccountRef } from '../../../sync/entities/admin';
import type { User } from '../../../sync/entities/user';

export function useAccountDialogs() {
  const [confirming, setConfirming] = useState<AccountRef | null>(null);
  const [viewing, setViewing] = useState<AccountRef | null>(null);
  const [auditRefresh, setAuditRefresh] = useState(0);
  const refreshAudit = () => setAuditRefresh((value) => value + 1);

  return {
    confirming,
    viewing,
    auditRefresh,
    confirmAccess: setConfirming,
    closeAccess: () => setConfirming(null),
    view: setViewing,
    /** Opening a customer's details went into the audit log. */
    closeDetails: () => {
      setViewing(null);
      refreshAudit();
    },
    /** A change made in a dialog: the open panel shows it, and the audit log holds it. */
    changed: (updated: User) => {
      setViewing((current) => (current?.id === updated.id ? updated : current));
      refreshAudit();
    },
  };
}
