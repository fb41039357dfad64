/**
 * Who opened a public menu, as a view counts them: the signed-in user, else
 * the anonymous visitor cookie, else a keyed hash of address and user agent
 * (so the address itself is never stored). Link-preview fetchers and crawlers
 * are not visitors.
 */
import { BoundedMap } from '../platform/limits/bounded-map';
import { createHmac } from 'node:crypto';
import { quotaKeyOf } from '../platform/http/client-address';

export const VISITOR_COOKIE = 'wm_visitor';
/** A year: long enough that a returning buyer stays one visitor. */
export const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const BOT_USER_AGENT =
  /bot\/|crawler|spider|slurp|facebookexternalhit|facebookcatalog|meta-externalagent|slackbot|slack-imgproxy|twitterbot|whatsapp|telegrambot|discordbot|linkedinbot|pinterest|skypeuripreview|embedly|quora link preview|redditbot|applebot|googlebot|google-inspectiontool|bingbot|bingpreview|yandex|baiduspider|duckduckbot|headlesschrome|lighthouse|preview/i;

/** Known crawlers and link-preview fetchers, which open a link to describe it, not to read it. */
export function isBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && BOT_USER_AGENT.test(userAgent);
}

const COOKIE_VALUE = /^[A-Za-z0-9_-]{22,64}$/;

export type VisitorIdentity = {
  /** What the dedup window and unique visitors go by. */
  key: string;
  /** The cookie to set when the visitor brought none (its value is their key, so the next opening is the same visitor). */
  newCookie: string | null;
  /**
   * An anonymous visitor's address block (an IPv6 /64) as a keyed hash, never
   * the address: what new visitors are budgeted by. Null for a signed-in
   * user, who is one visitor however they come.
   */
  addressKey: string | null;
};

/** Hashes already made, by secret and text: the same addresses open menu after menu, and each would cost an HMAC. */
const madeHashes = new BoundedMap<string, string>(10_000);

function keyedHash(secret: string, text: string): string {
  const key = `${secret}\n${text}`;
  let hash = madeHashes.get(key);
  if (hash === undefined) {
    hash = createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32);
    madeHashes.set(key, hash);
  }
  return hash;
}

export function identifyVisitor(input: { userId: string | null; cookie: string | undefined; address: string; userAgent: string | undefined; secret: string }): VisitorIdentity {
  const cookie = input.cookie && COOKIE_VALUE.test(input.cookie) ? input.cookie : null;
  const anonymous = cookie ?? keyedHash(input.secret, `${input.address}\n${input.userAgent ?? ''}`);
  const newCookie = cookie ? null : anonymous;
  if (input.userId) return { key: `u:${input.userId}`, newCookie, addressKey: null };
  return { key: `a:${anonymous}`, newCookie, addressKey: keyedHash(input.secret, `block\n${quotaKeyOf(input.address)}`) };
}

/** The one visitor that an address's new visitors beyond its budget count as: a key of its own kind, which no cookie or account makes. */
export const addressVisitorKey = (addressKey: string) => `b:${addressKey}`;
