/** "Added by … · changed by …" under a product or menu, when its row records the names; nothing otherwise. */
import { authorshipText } from '../lib/authorship';
import { cn } from '../lib/cn';

export function AuthorshipLine({ row, className }: { row: object; className?: string }) {
  const text = authorshipText(row);
  return text ? <p className={cn('text-xs text-stone-500', className)}>{text}</p> : null;
}
