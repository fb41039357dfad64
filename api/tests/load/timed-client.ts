/**
 * HTTP for the load generator: requests over a pool of keep-alive
 * connections, each answer with how long it took, start to last byte.
 *
 * node:http rather than fetch: its Agent sizes the pool (fetch's own would
 * need the undici package), and it spends less of the generator's share of
 * the machine per request, which would otherwise show up as server latency.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';

/**
 * An idle connection is closed a second before the server's keep-alive
 * timeout (Node's 5 s), as browsers and undici do: reused just as the server
 * closes it, a request would meet a reset the server never saw.
 */
const IDLE_SOCKET_MS = 4_000;

export type TimedAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer; ms: number };

export type RequestOptions = { headers?: Record<string, string>; json?: unknown };

export class TimedClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, maxSockets: number) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: IDLE_SOCKET_MS });
  }

  /** Resolves with any status; rejects only when no answer came (a refused or dropped connection). */
  send(method: string, path: string, options: RequestOptions = {}): Promise<TimedAnswer> {
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const headers: Record<string, string> = { 'accept-encoding': 'gzip', ...options.headers };
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(body.length);
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = request({ host: this.host, port: this.port, method, path, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The answer's JSON, unpacked when it came compressed. */
export function jsonOf<T>(answer: TimedAnswer): T {
  const text = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(text.toString('utf8')) as T;
}
