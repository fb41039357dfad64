/** One HTTP call on loopback as a device makes it (gzip accepted), with its time and the bytes that crossed the wire. */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

export type WireResult = { status: number; bytes: number; ms: number; text: string };

export function call(url: string, token: string, method: string, body?: unknown): Promise<WireResult> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'gzip',
          ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = (response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          const sent = payload ? Buffer.byteLength(payload) : 0;
          resolve({ status: response.statusCode ?? 0, bytes: raw.length + sent, ms: performance.now() - started, text });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}
