/**
 * A small label on a card or a row. Its colour says what kind of thing it
 * tells, the same on every page, so a badge takes a tone, never colours of
 * its own.
 */
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const BADGE_TONES = {
  /** A plain label: a category, a tag, a private menu, the admin role. */
  neutral: 'bg-stone-100 text-stone-800',
  /** Something to look at now: New, Updated, Pro. */
  new: 'bg-brand-700 text-white',
  /** A good state: Public, Saved, Accepted, Active; and THC, as the cards have always shown it. */
  good: 'bg-brand-100 text-brand-900',
  /** For information: Replied, a buyer, and CBD. */
  info: 'bg-sky-100 text-sky-900',
  /** Waiting for someone: Awaiting reply, Trial. */
  waiting: 'bg-amber-100 text-amber-900',
  /** Not to be had or gone wrong: Out of stock, Not saved, Declined, a lapsed plan, a disabled account. */
  bad: 'bg-red-100 text-red-800',
  /** The buyer's own mark: Favorite. */
  favorite: 'bg-yellow-100 text-yellow-900',
  /** A seller, among customers. */
  seller: 'bg-violet-100 text-violet-800',
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

export function Badge({ tone, className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone: BadgeTone }) {
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', BADGE_TONES[tone], className)} {...props} />;
}
