/**
 * A read of the table in sync/contract/api-reads.ts, over the app's one fetch wrapper
 * (time limit, bearer token, connectivity), with its answer checked against
 * the read's schema: what comes back has the type the screen expects, or the
 * read fails like any other.
 */
import type { ZodError } from 'zod';
import type { ServerReadRequest } from '../../../sync/contract/api-reads';
import { apiRequest } from '../api-client';

/** What in an answer did not fit its schema, field by field, as a failure names it. */
export function answerMismatch(error: ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`).join('; ');
}

/** The server answered, but not with what the read expects: an older or newer server, or a proxy's page. */
export class MalformedAnswerError extends Error {
  constructor(path: string, reason: string) {
    super(`The answer to ${path} was not what the app expects: ${reason}`);
    this.name = 'MalformedAnswerError';
  }
}

/** Reads under way, by path: screens that open together and ask the same (the team, the session) share one request. */
const underWay = new Map<string, Promise<unknown>>();

export function readFromServer<T>(request: ServerReadRequest<T>): Promise<T> {
  const shared = underWay.get(request.path) as Promise<T> | undefined;
  if (shared) return shared;
  const asked = readAndCheck(request).finally(() => underWay.delete(request.path));
  underWay.set(request.path, asked);
  return asked;
}

async function readAndCheck<T>({ path, schema }: ServerReadRequest<T>): Promise<T> {
  let body: unknown;
  try {
    body = await apiRequest<unknown>('GET', path);
  } catch (error) {
    if (error instanceof SyntaxError) throw new MalformedAnswerError(path, 'not JSON');
    throw error;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new MalformedAnswerError(path, answerMismatch(parsed.error));
  return parsed.data;
}
