/**
 * The browser-side defences that do not depend on the route: a strict
 * Content-Security-Policy (the session token lives in localStorage, so an
 * injected script must not run), a Permissions-Policy that lets only the app
 * itself use the camera, and a sandbox around uploaded files (lab-result PDFs
 * are served inline from the app's own origin).
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** Stripe's embedded payment form: its script, its frames and the API it calls (the subscribe page). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Answers under this path are stored files: they run no script and open nothing, whatever their bytes say. */
export const UPLOADS_PREFIX = '/uploads/';
export const UPLOADS_POLICY = 'sandbox';

/**
 * The policy for the app's own pages and answers. Scripts come only from the
 * app (and Stripe on the subscribe page); the inline ones allowed are named by
 * their hash. A `<script type="application/json">` carrying data is not run,
 * so it needs no hash. Images come from the app itself (every image address
 * a person sets names one of its uploads) and Stripe's form, never another
 * site: a public menu loads no third party's pixel. Styles allow inline because
 * dialog and scroll-lock parts insert `<style>` elements; styles cannot read
 * the token.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`), ...STRIPE.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'blob:', 'data:', ...STRIPE.img],
    'font-src': ["'self'", 'data:'],
    // The photo editor reads the device's own blob: copies back with fetch.
    'connect-src': ["'self'", 'blob:', ...STRIPE.connect],
    'frame-src': STRIPE.frame,
    // The photo compressor runs in a worker made from a blob: address.
    'worker-src': ["'self'", 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The camera for the app's own pages (product photos); nothing else a page could ask for, bar Stripe's payment sheet. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'payment=(self "https://js.stripe.com")',
].join(', ');

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** Script types a browser runs; any other type (application/json, say) is data. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

/** `sha256-…` sources for every inline script a browser would run in this page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const typeMatch = TYPE_ATTRIBUTE.exec(attributes);
    const type = (typeMatch?.[1] ?? typeMatch?.[2] ?? typeMatch?.[3] ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

/**
 * Sets the policies on every answer; the page's own inline scripts, if any,
 * are allowed by hash, worked out again when a rebuild changes the page.
 */
export function securityHeaders(pageHtml?: () => string): MiddlewareHandler {
  let policyFor = { html: '', policy: contentSecurityPolicy() };
  const pagePolicy = () => {
    const html = pageHtml?.() ?? '';
    if (html !== policyFor.html) policyFor = { html, policy: contentSecurityPolicy(inlineScriptHashes(html)) };
    return policyFor.policy;
  };
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith(UPLOADS_PREFIX)) {
      c.res.headers.set('Content-Security-Policy', UPLOADS_POLICY);
      return;
    }
    c.res.headers.set('Content-Security-Policy', pagePolicy());
    c.res.headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  };
}
