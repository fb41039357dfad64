/**
 * How a user is named and where they belong, kept apart from the schemas so
 * that pages which only show a name do not download the validation library.
 */
import type { User } from './user';

export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

export function avatarInitial(user: Pick<User, 'firstName' | 'email'>): string {
  return (user.firstName || user.email).charAt(0).toUpperCase();
}

export function dashboardPathFor(role: User['role']): string {
  if (role === 'admin') return '/admin/dashboard';
  if (role === 'seller') return '/seller/dashboard';
  return '/buyer/dashboard';
}
