import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-xl border border-stone-200 bg-white shadow-sm', className)} {...props} />;
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center p-8">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
