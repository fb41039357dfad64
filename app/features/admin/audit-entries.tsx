import type { AuditEntry } from '../../../sync/entities/admin';
import { auditParts } from './admin-labels';
import { formatDateTime } from './format-date';

/** Audit entries as a list: when, who, what, to whom (by the email it had then), from where. */
export function AuditEntries({ entries, showTarget = true }: { entries: AuditEntry[]; showTarget?: boolean }) {
  return (
    <ol className="grid gap-2 text-sm">
      {entries.map((entry, index) => {
        const { label, target, who } = auditParts(entry, showTarget);
        return (
          <li key={`${entry.at}-${index}`} className="rounded-md border border-stone-200 px-3 py-2">
            <p className="text-stone-900">
              <span className="font-medium">{label}</span>
              {target && <> · {target}</>}
              {entry.detail && <span className="text-stone-700"> ({entry.detail})</span>}
            </p>
            <p className="text-xs text-stone-600">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> {who}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
