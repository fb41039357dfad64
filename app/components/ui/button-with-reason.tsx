/**
 * A button that a rule may turn off (a role's limit): off, it stays in reach and says why when tapped, since a
 * disabled button's tooltip never shows on a phone. Screen readers hear it as unavailable (`aria-disabled`).
 */
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast-store';
import { Button, type ButtonProps } from './button';

export function ButtonWithReason({ offReason, onClick, className, ...props }: ButtonProps & { offReason: string | null }) {
  if (!offReason) return <Button className={className} onClick={onClick} {...props} />;
  return <Button {...props} aria-disabled className={cn('cursor-not-allowed opacity-70', className)} onClick={() => toast({ title: offReason })} />;
}
