/** "Added by … · changed by …" under a product or menu; nothing for rows that record no one, or before the team's names are known. */
import { authorshipText, type Authored } from '../lib/authorship';
import { cn } from '../lib/cn';

export function AuthorshipLine({ row, names, className }: { row: Authored; names: ReadonlyMap<string, string> | null; className?: string }) {
  // Until the team is known, ids cannot be named: say nothing rather than "a former member".
  const text = names ? authorshipText(row, names) : null;
  return text ? <p className={cn('text-xs text-stone-500', className)}>{text}</p> : null;
}
