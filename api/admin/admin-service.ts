/** What admins see and do: the customer list, the figures, and disabling an account. */
import { USER_ROLES, type UserRole } from '../../sync/constants';
import { customerAccessSchema, type AdminStats } from '../../sync/entities/admin';
import type { User } from '../../sync/entities/user';
import { AppError } from '../../sync/errors';
import { parseOrThrow } from '../../sync/validation';
import type { Services } from '../context';
import { customerStats, deleteSessionsOfUser, findUserById, listCustomers, updateUser } from '../db/repositories/users';

export function getCustomers(services: Services, query: { search?: string; role?: string }): Promise<User[]> {
  const role = USER_ROLES.includes(query.role as UserRole) ? (query.role as UserRole) : undefined;
  return listCustomers(services.db.read, { search: query.search?.trim() || undefined, role });
}

export function getStats(services: Services): Promise<AdminStats> {
  const now = services.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return customerStats(services.db.read, monthStart, now);
}

/** Disabling an account ends its sessions at once. */
export async function setCustomerAccess(services: Services, admin: User, customerId: string, input: unknown): Promise<User> {
  const { disabled } = parseOrThrow(customerAccessSchema, input);
  if (customerId === admin.id) throw new AppError('forbidden', 'You cannot disable your own account');
  return services.db.transaction(async (tx) => {
    const customer = await findUserById(tx.db, customerId);
    if (!customer || customer.role === 'admin') throw new AppError('not_found', 'Customer not found');
    const now = services.now();
    if (disabled) await deleteSessionsOfUser(tx.db, customerId);
    return updateUser(tx.db, customerId, { disabledAt: disabled ? now : null }, tx.version, now);
  });
}
