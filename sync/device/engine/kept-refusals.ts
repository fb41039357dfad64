/**
 * Refusals kept until the person acts on them: those of the changes the
 * catalogue marks `whenRefused: 'kept'` (sync/contract/mutations.ts), such as a new
 * order or a new product. A device keeps them apart from the other refusals,
 * by the change's name and id, so nothing that dismisses or clears those can
 * drop one. A refusal for the plan (`subscription_required`) is not kept here:
 * it has its own place, shown as not saved and sent again unchanged once the
 * seller subscribes (app/lib/replica/not-saved.ts).
 */
import { isKeptWhenRefused, type KeptMutation, type KeptMutationName } from '../../contract/mutations';
import type { Refusal } from './sync-engine';

export type KeptRefusal = Omit<Refusal, 'name' | 'mutation'> & { name: KeptMutationName; id: string; mutation: KeptMutation };

/** The refusals split into those kept until acted on and the others. */
export function splitKeptRefusals(refusals: Refusal[]): { kept: KeptRefusal[]; others: Refusal[] } {
  const kept: KeptRefusal[] = [];
  const others: Refusal[] = [];
  for (const refusal of refusals) {
    const { mutation } = refusal;
    if (mutation && isKeptWhenRefused(mutation) && refusal.reason !== 'subscription_required') kept.push({ ...refusal, name: mutation.name, id: mutation.args.id, mutation });
    else others.push(refusal);
  }
  return { kept, others };
}
