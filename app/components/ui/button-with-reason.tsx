/**
 * A button that a rule may turn off (a role's limit): off, it stays in reach and says why, never only in a tooltip a
 * phone never shows. The reason is the button's accessible description, is written under it on a touch screen, and
 * shows again when tapped. Screen readers hear the button as unavailable (`aria-disabled`). A screen that already
 * writes the reason beside the button names it with `aria-describedby`, and the reason is not written twice.
 */
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast-store';
import { Button, type ButtonProps } from './button';

export function ButtonWithReason({ offReason, onClick, className, ...props }: ButtonProps & { offReason: string | null }) {
  const reasonId = useId();
  if (!offReason) return <Button className={className} onClick={onClick} {...props} />;
  const writtenBeside = props['aria-describedby'] !== undefined;
  const button = (
    <Button
      aria-describedby={reasonId}
      {...props}
      aria-disabled
      title={offReason}
      className={cn('cursor-not-allowed opacity-70', className)}
      onClick={() => toast({ title: offReason })}
    />
  );
  if (writtenBeside) return button;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      {button}
      <span id={reasonId} className="sr-only max-w-48 text-right text-xs text-stone-600 pointer-coarse:not-sr-only">
        {offReason}
      </span>
    </span>
  );
}
