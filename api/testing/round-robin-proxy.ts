/**
 * A small local load balancer for tests and benchmarks of several API
 * processes: each request goes to the next backend in turn, as a proxy in
 * front of a deployment would send it. A backend that cannot be reached (or
 * that dies mid-answer) costs the client a 502 or a cut answer, exactly what
 * a real balancer gives before its health check takes the backend out.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  url: string;
  /** Replaces the backends (a restarted process listens on a new port). */
  setBackends(backends: string[]): void;
  close(): Promise<void>;
};

export async function startRoundRobinProxy(initialBackends: string[]): Promise<RoundRobinProxy> {
  let backends = initialBackends.map((backend) => new URL(backend));
  let next = 0;

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const backend = backends[next++ % backends.length]!;
    const upstream = request({ host: backend.hostname, port: backend.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
      answer.on('error', () => outgoing.destroy());
    });
    upstream.on('error', () => {
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The server behind the proxy did not answer' }));
    });
    incoming.pipe(upstream);
  };

  const server: Server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setBackends(list) {
      backends = list.map((backend) => new URL(backend));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
