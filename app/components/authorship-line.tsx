/** "Added by … · changed by …" under a product or menu, named from the team's member list; nothing for rows that record no one. */
import { useMemo } from 'react';
import { authorshipText, memberNames, type Authored } from '../lib/authorship';
import { cn } from '../lib/cn';
import { useTeamRead } from '../lib/team-read';

export function AuthorshipLine({ row, className }: { row: Authored; className?: string }) {
  const members = useTeamRead().data?.members;
  const names = useMemo(() => memberNames(members ?? []), [members]);
  // Until the team is known, ids cannot be named: say nothing rather than "a former member".
  const text = members ? authorshipText(row, names) : null;
  return text ? <p className={cn('text-xs text-stone-500', className)}>{text}</p> : null;
}
