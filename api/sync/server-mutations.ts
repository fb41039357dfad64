/**
 * How the server applies each mutation of the catalogue: through the same
 * domain functions the REST routes call, so one place validates and writes.
 *
 * Conflicts: mutations are replayed against the server's current state in the
 * order the server receives them, and an update names only the fields it
 * changes, so the last write of each field wins. An update or delete of a
 * row that is gone (another device deleted it) is refused as not found:
 * a deletion wins over a concurrent edit.
 */
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import { mayRun, MUTATIONS, type MutationName } from '../../sync/mutations';
import { parseOrThrow } from '../../sync/validation';
import type { Services } from '../context';
import { createInquiry, markInquiryRead, replyToInquiry, setInquiryStatus } from '../inquiries/inquiry-service';
import { createMenu, deleteMenu, regenerateMenuLink, updateMenu } from '../menus/menu-service';
import { createProduct, deleteProduct, updateProduct } from '../products/product-service';
import { markSavedMenuSeen, removeSavedMenu, saveMenu, updateSavedMenu } from '../saved-menus/saved-menu-service';
import { updateProfile } from '../users/profile-service';

/** Applies one mutation for `user`; throws an AppError when it is refused. */
export async function applyServerMutation(services: Services, user: User, name: MutationName, rawArgs: unknown): Promise<void> {
  if (!mayRun(user.role, name)) throw new AppError('forbidden', "You don't have permission to do this.");
  switch (name) {
    case 'product.create':
      await createProduct(services, user, rawArgs);
      return;
    case 'product.update': {
      const { id, changes } = parseOrThrow(MUTATIONS[name].args, rawArgs);
      await updateProduct(services, user, id, changes);
      return;
    }
    case 'product.delete':
      await deleteProduct(services, user, parseOrThrow(MUTATIONS[name].args, rawArgs).id);
      return;
    case 'menu.create':
      await createMenu(services, user, rawArgs);
      return;
    case 'menu.update': {
      const { id, changes } = parseOrThrow(MUTATIONS[name].args, rawArgs);
      await updateMenu(services, user, id, changes);
      return;
    }
    case 'menu.regenerateLink': {
      const { id, publicLinkId } = parseOrThrow(MUTATIONS[name].args, rawArgs);
      await regenerateMenuLink(services, user, id, publicLinkId);
      return;
    }
    case 'menu.delete':
      await deleteMenu(services, user, parseOrThrow(MUTATIONS[name].args, rawArgs).id);
      return;
    case 'savedMenu.save':
      await saveMenu(services, user, parseOrThrow(MUTATIONS[name].args, rawArgs));
      return;
    case 'savedMenu.update': {
      const { id, changes } = parseOrThrow(MUTATIONS[name].args, rawArgs);
      await updateSavedMenu(services, user, id, changes);
      return;
    }
    case 'savedMenu.markSeen': {
      const { id, stamp } = parseOrThrow(MUTATIONS[name].args, rawArgs);
      await markSavedMenuSeen(services, user, id, stamp);
      return;
    }
    case 'inquiry.create':
      await createInquiry(services, user, rawArgs);
      return;
    case 'inquiry.reply':
      await replyToInquiry(services, user, rawArgs);
      return;
    case 'inquiry.setStatus':
      await setInquiryStatus(services, user, rawArgs);
      return;
    case 'inquiry.markRead':
      await markInquiryRead(services, user, parseOrThrow(MUTATIONS[name].args, rawArgs).id);
      return;
    case 'savedMenu.remove':
      await removeSavedMenu(services, user, parseOrThrow(MUTATIONS[name].args, rawArgs).id);
      return;
    case 'profile.update':
      await updateProfile(services, user, rawArgs);
      return;
  }
}
