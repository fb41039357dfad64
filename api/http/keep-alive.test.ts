import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let server: ServerType;
let port: number;
let token: string;

beforeAll(async () => {
  t = createTestApp();
  token = (await t.registerUser('seller')).token;
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

type Answer = { status: number; body: string; connection: string | undefined };

/** One request through the given agent, over a real socket. */
function send(agent: Agent, method: string, path: string, body?: { bytes: Buffer; type: string; chunked?: boolean }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body) headers['content-type'] = body.type;
    if (body && !body.chunked) headers['content-length'] = String(body.bytes.length);
    const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
    });
    // The server may answer and close before the whole body is written; the answer is what counts.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (body?.chunked) {
      for (let offset = 0; offset < body.bytes.length; offset += 64 * 1024) req.write(body.bytes.subarray(offset, offset + 64 * 1024));
    } else if (body) req.write(body.bytes);
    req.end();
  });
}

const tooLargeJson = () => Buffer.from(JSON.stringify({ strainName: 'x'.repeat(2 * 1024 * 1024) }));

describe('a request refused as too large, on a keep-alive connection', () => {
  for (const chunked of [false, true]) {
    it(`leaves the next request on the same agent working (${chunked ? 'chunked body' : 'declared length'})`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect((await send(agent, 'GET', '/api/health')).status).toBe(200);
        const refused = await send(agent, 'POST', '/api/products', { bytes: tooLargeJson(), type: 'application/json', chunked });
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.body)).toMatchObject({ message: 'The request is too large' });
        expect(refused.connection).toBe('close');
        const next = await send(agent, 'POST', '/api/products', { bytes: Buffer.from(JSON.stringify({ strainName: 'After the refusal' })), type: 'application/json' });
        expect(next.status).toBe(201);
        expect((await send(agent, 'GET', '/api/health')).status).toBe(200);
      } finally {
        agent.destroy();
      }
    });
  }

  it('does the same for an upload over its limit', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const boundary = 'x-boundary';
      const file = Buffer.alloc(40 * 1024 * 1024, 0xab);
      const form = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const refused = await send(agent, 'POST', '/api/upload', { bytes: form, type: `multipart/form-data; boundary=${boundary}` });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).message).toMatch(/must be less than/);
      expect(refused.connection).toBe('close');
      expect((await send(agent, 'GET', '/api/health')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
