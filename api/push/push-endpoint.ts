/**
 * What a push subscription must be before the server keeps it, and before it sends to it: an endpoint on an allowed
 * push service that reads the same to every parser, and keys a browser could have made.
 */
import { ECDH } from 'node:crypto';
import { KNOWN_PUSH_SERVICE_HOSTS } from '../../sync/entities/push';
import type { FieldErrors } from '../../sync/contract/errors';

export const ENDPOINT_REFUSED = 'This browser’s push service is not one this server sends to';
export const P256DH_REFUSED = 'The subscription’s p256dh key is not a P-256 public key';
export const AUTH_REFUSED = 'The subscription’s auth secret must be 16 bytes';

/**
 * Whether the endpoint is written exactly as the WHATWG parser writes it back. The sender hands the text to Node's
 * legacy parser, which reads `https:/host/path` or `https:host/path` as no host at all (so localhost) while the WHATWG
 * parser that checked it reads `host`; an endpoint that serialises back to itself is read alike by both.
 */
export function sendsWhereItSays(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  return url.href === endpoint && url.protocol === 'https:' && !url.username && !url.password;
}

/** `https:` on a known push service's host (`*.` any subdomain of it), or on an origin the operator listed. */
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  if (!sendsWhereItSays(endpoint)) return false;
  const url = new URL(endpoint);
  if (extraOrigins.includes(url.origin)) return true;
  if (url.port) return false;
  return KNOWN_PUSH_SERVICE_HOSTS.some((host) => (host.startsWith('*.') ? url.hostname.endsWith(host.slice(1)) : url.hostname === host));
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of base64url text (padded or not), or null when it is not that. */
function base64UrlBytes(text: string): Buffer | null {
  return BASE64URL.test(text) ? Buffer.from(text, 'base64url') : null;
}

/** An uncompressed point on P-256, as RFC 8291 has the browser send its key; OpenSSL checks that it lies on the curve. */
function isP256Point(bytes: Buffer | null): boolean {
  if (!bytes || bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with a subscription's keys, by field; null when a push could be encrypted to them. */
export function subscriptionKeysRefused(keys: { p256dh: string; auth: string }): FieldErrors | null {
  const errors: FieldErrors = {};
  if (!isP256Point(base64UrlBytes(keys.p256dh))) errors['keys.p256dh'] = P256DH_REFUSED;
  if (base64UrlBytes(keys.auth)?.length !== 16) errors['keys.auth'] = AUTH_REFUSED;
  return Object.keys(errors).length > 0 ? errors : null;
}
