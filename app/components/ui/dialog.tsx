/** Modal dialogs on Radix's primitive: focus is trapped, Escape closes, the title names the dialog. */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useNavigationGuard } from '../../lib/navigation-guards';

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  onOpenAutoFocus,
  unsaved = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  onOpenAutoFocus?: (event: Event) => void;
  /** The form in it holds typed work: Back asks before closing it. */
  unsaved?: boolean;
}) {
  // The back button closes the dialog before it leaves the page.
  useNavigationGuard(open ? { kind: 'dialog', close: () => onOpenChange(false), unsaved } : null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          onOpenAutoFocus={onOpenAutoFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className="text-lg font-semibold text-stone-900">{title}</DialogPrimitive.Title>
          {description && <DialogPrimitive.Description className="mt-1 text-sm text-stone-600">{description}</DialogPrimitive.Description>}
          <div className="mt-4">{children}</div>
          <DialogPrimitive.Close aria-label="Close" className="absolute top-3 right-3 rounded p-1 text-stone-500 hover:bg-stone-100">
            <span aria-hidden className="text-xl leading-none">
              ×
            </span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
