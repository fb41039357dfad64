import type { ReactNode } from 'react';

/** One labelled value; an empty one says so in text dark enough to read (WCAG AA on white and on grey rows). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className={empty ? 'break-words text-stone-600 italic' : 'break-words text-stone-800'}>{empty ? 'Not provided' : children}</dd>
    </div>
  );
}
