/**
 * Refusals kept until the person acts on them: those of the changes the
 * catalogue marks `whenRefused: 'kept'` (sync/mutations.ts), such as a new
 * order. A device keeps them apart from the other refusals, by the change's
 * name and id, so nothing that dismisses or clears those can drop one.
 */
import { isKeptWhenRefused, type KeptMutation, type KeptMutationName } from '../mutations';
import type { Refusal } from './sync-engine';

export type KeptRefusal = Omit<Refusal, 'name' | 'mutation'> & { name: KeptMutationName; id: string; mutation: KeptMutation };

/** The refusals split into those kept until acted on and the others. */
export function splitKeptRefusals(refusals: Refusal[]): { kept: KeptRefusal[]; others: Refusal[] } {
  const kept: KeptRefusal[] = [];
  const others: Refusal[] = [];
  for (const refusal of refusals) {
    const { mutation } = refusal;
    if (mutation && isKeptWhenRefused(mutation)) kept.push({ ...refusal, name: mutation.name, id: mutation.args.id, mutation });
    else others.push(refusal);
  }
  return { kept, others };
}
