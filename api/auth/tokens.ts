/** Bearer tokens: a signed JWT naming the user and the server-side session it belongs to. */
import { jwtVerify, SignJWT } from 'jose';
import { BoundedMap } from '../platform/limits/bounded-map';

export type TokenClaims = { userId: string; sid: string };

/**
 * Tokens verified lately, each with its claims until it expires: a device
 * sends the same token with every request, and checking its signature anew
 * goes through the crypto thread pool, which on a busy machine made a sync
 * push wait two to three times its own work. Whether the session still
 * stands is checked on every request all the same.
 */
const VERIFIED_TOKENS = 10_000;

export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly verified = new BoundedMap<string, { claims: TokenClaims; expiresAtMs: number }>(VERIFIED_TOKENS);

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /**
   * A ticket for one purpose (`audience`, such as following one menu's stream) for a browser API that cannot send the
   * bearer token, so it rides in an address: it names the same session, is short-lived, and is never a bearer token.
   */
  signTicket(claims: TokenClaims, audience: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a valid, unexpired ticket for `audience`; null for anything else. */
  async verifyTicket(ticket: string, audience: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, { algorithms: ['HS256'], audience });
      return typeof payload.sub === 'string' && typeof payload.sid === 'string' ? { userId: payload.sub, sid: payload.sid } : null;
    } catch {
      return null;
    }
  }

  /** The claims of a valid, unexpired token; null for anything else (a ticket included). */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      // A ticket travels in addresses, which logs keep: it never stands for the session itself.
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || payload.aud !== undefined) return null;
      const claims = { userId: payload.sub, sid: payload.sid };
      // jose accepts a token until the second its `exp` names.
      this.verified.set(token, { claims, expiresAtMs: payload.exp === undefined ? Infinity : payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
