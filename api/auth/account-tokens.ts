/** Tokens sent in emailed links: random, and stored only as their SHA-256, so a copy of the database opens no account. */
import { createHash, randomBytes } from 'node:crypto';

export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The emailed links that could hand the account to whoever holds them: changing the password or the address, or closing the account, retires them all. */
export const TAKEOVER_LINKS = ['password-reset', 'email-change'] as const;
