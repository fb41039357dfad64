/**
 * A box that scrolls on its own (a long preview table or list): reachable with
 * the keyboard and named, so someone who cannot use a pointer or a wheel can
 * scroll it with the arrow keys, and a screen reader says what it holds
 * (axe's scrollable-region-focusable).
 */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('overflow-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-offset-1', className)}
    >
      {children}
    </div>
  );
}
