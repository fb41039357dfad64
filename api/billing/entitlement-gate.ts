/**
 * The one gate for catalogue writes. Every domain function that creates or
 * edits products and menus (and their uploads) calls it, and both the REST
 * routes and sync push reach the database only through those functions, so
 * the same refusal (402 `subscription_required`) comes either way.
 */
import { entitlementOf, lapsedMessage } from '../../sync/rules/entitlements';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/contract/errors';

export function assertSellerMayWrite(user: User, now: Date): void {
  const entitlement = entitlementOf(user, now);
  if (!entitlement.mayEdit) throw new AppError('subscription_required', lapsedMessage(entitlement.state));
}
