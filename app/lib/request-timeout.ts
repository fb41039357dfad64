/**
 * How long the app waits for the server, in one place. A network can say
 * "connected" while nothing gets through (trade-show Wi-Fi), and a request
 * left to the browser then waits for minutes: every request is given a time
 * for the server to answer, longer by what it sends, and once the answer
 * begins its body must keep coming. A request out of time is given up, as
 * when the network is down.
 */

/** For the server to answer a request that sends little; short enough to admit "Offline" within 15 s. */
export const ANSWER_TIMEOUT_MS = 10_000;
/** Added for every MB sent: about 33 KB a second, the slowest uplink still worth waiting for. */
export const MS_PER_MB_SENT = 30_000;
/** The longest pause within an answer's body. */
export const BODY_STALL_MS = 10_000;
/** An upload that has sent nothing more for this long is given up, whatever time its size allows. */
export const UPLOAD_STALL_MS = 60_000;
/** The health probe gives up before the next is due (every 10 s), so probes never pile up on a network that swallows them. */
export const PROBE_TIMEOUT_MS = 5_000;

const MB = 1024 * 1024;
/** Statuses whose answer never has a body (a Response made with one throws). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The time a request that sends this many bytes has for its answer to begin. */
export function requestTimeoutMs(bytesSent: number): number {
  return ANSWER_TIMEOUT_MS + Math.ceil((Math.max(0, bytesSent) / MB) * MS_PER_MB_SENT);
}

/** What a request body weighs, near enough to size its time (a string counts its characters). */
export function bytesOf(body: BodyInit | null | undefined): number {
  if (body == null) return 0;
  if (typeof body === 'string') return body.length;
  if (body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof FormData) {
    let total = 0;
    for (const [, value] of body) total += typeof value === 'string' ? value.length : value.size;
    return total;
  }
  return 0;
}

/** The server gave no answer (or stopped sending one) within the request's time. */
export class RequestTimeoutError extends Error {
  constructor(url: string, afterMs: number) {
    super(`No answer from ${url} within ${afterMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

/**
 * fetch, given up when the answer has not begun within `timeoutMs` (by
 * default sized to the body sent) or its body pauses for BODY_STALL_MS. The
 * answer comes back whole, read within those times, so reading it cannot
 * hang either. Other failures are fetch's own. The request's abort signal
 * is the wrapper's own.
 */
export async function fetchWithin(url: string, init: RequestInit = {}, timeoutMs = requestTimeoutMs(bytesOf(init.body))): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  let limitMs = timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const allow = (ms: number) => {
    clearTimeout(timer);
    limitMs = ms;
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
  };
  allow(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const body = await readWhole(response, () => allow(BODY_STALL_MS));
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError(url, limitMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The body's bytes, calling `progressed` as the answer begins and after each piece. */
async function readWhole(response: Response, progressed: () => void): Promise<Uint8Array<ArrayBuffer>> {
  progressed();
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    size += value.byteLength;
    progressed();
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const piece of pieces) {
    whole.set(piece, offset);
    offset += piece.byteLength;
  }
  return whole;
}
