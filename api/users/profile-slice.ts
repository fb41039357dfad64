/** The person's profile as a mutation: changed offline like a synced row, though it comes with the session rather than a pull. */
import type { MutationOfNoCollection, ServerAppliers } from '../sync/server-slice';
import { updateProfile } from './profile-service';

export const profileAppliers: ServerAppliers<MutationOfNoCollection> = {
  'profile.update': (services, by, args) => updateProfile(services, by.user, args, by.team),
};
