/**
 * The one fetch wrapper. It sends the bearer token, sends a JSON content type
 * only when there is a body, gives every request a time limit (see
 * request-timeout), tells connectivity whether the server answered, and
 * turns every failed answer into an ApiError whose message reads
 * "status: body".
 */
import type { ErrorBody, FieldErrors } from '../../sync/contract/errors';
import { answersSoFar, reportNetworkFailure, reportServerAnswered } from './connectivity';
import { fetchWithin, RequestTimeoutError } from './request-timeout';
import { TOKEN_KEY } from './session-storage-keys';

export class ApiError extends Error {
  readonly status: number;
  /** The server's own sentence, for showing to a person. */
  readonly serverMessage: string | null;
  readonly fieldErrors: FieldErrors;
  /** How long the server asked to wait before trying again (a 429's Retry-After), or null when it did not say. */
  readonly retryAfterMs: number | null;

  constructor(status: number, bodyText: string, statusText: string, retryAfter: string | null = null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const parsed = parseErrorBody(bodyText);
    this.serverMessage = parsed?.message ?? null;
    this.fieldErrors = parsed?.errors ?? {};
    this.retryAfterMs = retryAfterMsOf(retryAfter);
  }
}

/** A Retry-After header in milliseconds: either whole seconds or an HTTP date. */
export function retryAfterMsOf(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function parseErrorBody(text: string): Partial<ErrorBody> | null {
  try {
    return JSON.parse(text) as Partial<ErrorBody>;
  } catch {
    return null;
  }
}

/** No answer from the server: the device is offline, the server is down, or nothing came back in time. */
export class NetworkError extends Error {
  readonly timedOut: boolean;
  constructor(timedOut = false) {
    super(timedOut ? 'No answer came in time: check your connection and try again' : 'The network is not available');
    this.name = 'NetworkError';
    this.timedOut = timedOut;
  }
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && /^401: .*Unauthorized/.test(error.message);
}

/** The signed-in person's bearer token as a request header, or none for a guest. */
export function authHeaders(): Record<string, string> {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * A request to the app's server, within its time limit; whether the server
 * answered goes to connectivity. No answer throws a NetworkError.
 */
/** Set by the service worker on an answer from its copy, given because the network did not answer. */
export const SAVED_COPY_HEADER = 'X-Saved-Copy';

export async function fetchFromServer(url: string, init: RequestInit = {}): Promise<Response> {
  const answersWhenSent = answersSoFar();
  let response: Response;
  try {
    response = await fetchWithin(url, init);
  } catch (error) {
    reportNetworkFailure(answersWhenSent);
    throw new NetworkError(error instanceof RequestTimeoutError);
  }
  // The service worker answered from its copy because the network did not: the server was not reached.
  if (response.headers.has(SAVED_COPY_HEADER)) reportNetworkFailure(answersWhenSent);
  else reportServerAnswered();
  return response;
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers = authHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetchFromServer(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText, response.headers.get('retry-after'));
  // A 204, or a 201 that only says it was kept, has no body to read.
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A person-readable sentence for any failure, preferring the server's own
 * words. The fallback speaks for refusals only: a server that failed or could
 * not be reached is said to be so, never blamed on what the person typed.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    return error.status >= 500 ? SERVER_FAILED_MESSAGE : fallback;
  }
  if (error instanceof NetworkError) return navigator.onLine ? SERVER_UNREACHABLE_MESSAGE : OFFLINE_MESSAGE;
  return fallback;
}

export const OFFLINE_MESSAGE = 'You appear to be offline. Please try again when you have a connection.';
export const SERVER_UNREACHABLE_MESSAGE = 'The server could not be reached. Please try again in a moment.';
export const SERVER_FAILED_MESSAGE = 'The server ran into a problem. Please try again in a moment.';
