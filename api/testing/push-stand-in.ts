/**
 * A local stand-in for a browser's push service, for tests: HTTPS with a self-signed certificate made at start
 * (`caCertPath`, for NODE_EXTRA_CA_CERTS or an agent's `ca`), subscriptions made as a browser makes them (an ECDH P-256
 * pair and an auth secret), and every push it receives recorded and decrypted (aes128gcm, RFC 8188 and 8291) with the
 * subscription's private key, so a test checks what the device would show. It can be told to answer with another
 * status (429 with Retry-After, 410, 500...).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, createHmac, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ReceivedPush = {
  endpoint: string;
  /** What the stand-in answered. */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload parsed as JSON, or null when it was not JSON (or could not be decrypted). */
  message: unknown;
  /** The `k=` of the VAPID Authorization header: the public key the push was signed with. */
  vapidKey: string | null;
};

export type StandInSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type PushStandIn = {
  /** https://127.0.0.1:port */
  origin: string;
  /** The certificate (self-signed: it is its own authority) a client must trust. */
  caCertPath: string;
  caCert: string;
  received: ReceivedPush[];
  /** A new subscription at this service, with keys as `PushSubscription.toJSON()` gives them. */
  subscribe(): StandInSubscription;
  /**
   * Answers the next `times` pushes with `status` and `headers`, after the answers already queued so; without `times`,
   * every push from then on that no queued answer takes. Only pushes to `endpoint` when given; 201 otherwise.
   */
  respondWith(status: number, options?: { times?: number; headers?: Record<string, string>; endpoint?: string }): void;
  close(): Promise<void>;
};

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291: a single aes128gcm record, decrypted with the subscription's private key and auth secret. */
export function decryptPush(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey, Buffer.from([1])]);
  const ikm = hmac(hmac(authSecret, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('The push was not padded as a last record');
  return padded.subarray(0, end);
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'push-stand-in-'));
  const keyPath = join(dir, 'key.pem');
  const caCertPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyPath, '-out', caCertPath, '-days', '2'].concat([
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ]),
    { stdio: 'ignore' },
  );
  const caCert = readFileSync(caCertPath, 'utf8');
  const receivers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  type Answer = { status: number; headers: Record<string, string>; endpoint?: string; times: number };
  const queued: Answer[] = [];
  /** Newest first: a later one overrides an earlier. */
  let standing: Answer[] = [];
  const answerFor = (endpoint: string): Answer => {
    const fits = (answer: Answer) => answer.times > 0 && (answer.endpoint === undefined || answer.endpoint === endpoint);
    const answer = queued.find(fits);
    if (answer) {
      answer.times -= 1;
      return answer;
    }
    return standing.find(fits) ?? { status: 201, headers: {}, times: Infinity };
  };

  const server = createServer({ key: readFileSync(keyPath), cert: caCert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const answer = answerFor(endpoint);
      const receiver = receivers.get(request.url ?? '');
      let message: unknown = null;
      if (receiver && request.headers['content-encoding'] === 'aes128gcm') {
        try {
          message = JSON.parse(decryptPush(Buffer.concat(chunks), receiver.ecdh, receiver.auth).toString('utf8'));
        } catch {
          message = null;
        }
      }
      const vapidKey = /k=([\w-]+)/.exec(String(request.headers.authorization ?? ''))?.[1] ?? null;
      received.push({ endpoint, status: answer.status, headers: request.headers, message, vapidKey });
      response.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caCertPath,
    caCert,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomUUID()}`;
      receivers.set(path, { ecdh, auth });
      return { endpoint: `${origin}${path}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    respondWith(status, options = {}) {
      const answer = { status, headers: options.headers ?? {}, endpoint: options.endpoint, times: options.times ?? Infinity };
      if (options.times === undefined) standing = [answer, ...standing];
      else queued.push(answer);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
