/** The parts every card of Account settings is made of: the card with its heading, and the line saying how an action went. */
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

export type Outcome = { ok: boolean; text: string } | null;

export function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-brand-900' : 'text-sm text-red-800'}>
      {outcome.text}
    </p>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}
