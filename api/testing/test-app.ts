/**
 * An in-process server for API tests: a fresh database (a copy of the run's
 * migrated SQLite file in its own temp directory, or, when the suite runs on
 * PostgreSQL, a database of its own there), the real services (with a
 * movable clock and optional sign-in throttle), and helpers to call routes
 * and make accounts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SelfServiceRole } from '../../sync/contract/constants';
import type { AuthResponse, ProfileUpdate, RegisterInput, User } from '../../sync/entities/user';
import { createApp } from '../app';
import type { LoginThrottle } from '../auth/login-throttle';
import type { PaymentTuning } from '../billing/payments';
import type { Services } from '../context';
import { readEnv } from '../env';
import { ensureAdmin } from '../seed/seed';
import { linkInMailTo } from '../mail/testing/outbox-reader';
import { createServices } from '../services';
import { clonedTestDatabase, postgresTemplate } from './postgres';
import { copySqliteTemplate } from './sqlite-template';

export const TEST_PASSWORD = 'test-password-123';

export type TestAppOptions = {
  /** The base clock; `clock.advance` moves it further. Defaults to real time. */
  now?: () => Date;
  throttle?: LoginThrottle;
  overrides?: Partial<Services>;
  /** Extra configuration, as environment variables (payment settings, say). */
  env?: Record<string, string>;
  paymentTuning?: PaymentTuning;
};

export type RequestOptions = {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The address the request seems to come from, as a socket would give it. */
  remoteAddress?: string;
};

/** What @hono/node-server hands a request: the socket it came in on. */
export const fromAddress = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: 'IPv4' } } });

export type TestResponse<T> = { status: number; body: T; headers: Headers };

/** Register fields, plus profile fields that are set afterwards with PUT /api/auth/user. */
export type UserOverrides = Partial<Omit<RegisterInput, 'role'>> & Omit<ProfileUpdate, 'role'>;

const REGISTER_KEYS = ['email', 'password', 'firstName', 'lastName'] as const;

export function createTestApp(options: TestAppOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wholesale-menus-test-'));
  let offsetMs = 0;
  const baseNow = options.now ?? (() => new Date());
  const now = () => new Date(baseNow().getTime() + offsetMs);
  // Suites register many accounts from one (unknown) address; the registration quota's own tests set a low limit.
  const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dir, SEED_DEMO_DATA: 'false', REGISTRATIONS_PER_HOUR: '100000', ...options.env });
  const template = postgresTemplate();
  const postgres = template && !options.overrides?.db ? clonedTestDatabase(template) : undefined;
  if (!postgres && !options.overrides?.db && !env.DATABASE_URL) copySqliteTemplate(env.databaseFile);
  const services = createServices(
    env,
    {
      now,
      ...(postgres && { db: postgres.db }),
      ...(options.throttle && { throttle: options.throttle }),
      ...options.overrides,
    },
    options.paymentTuning,
  );
  const app = createApp(services);

  async function request<T = unknown>(method: string, path: string, init: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers = new Headers(init.headers);
    if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`);
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await app.request(path, { method, headers, body }, init.remoteAddress ? fromAddress(init.remoteAddress) : undefined);
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    return { status: response.status, body: (isJson && text ? JSON.parse(text) : text) as T, headers: response.headers };
  }

  async function expectOk<T>(response: Promise<TestResponse<T>>, what: string): Promise<T> {
    const { status, body } = await response;
    if (status >= 300) throw new Error(`${what} failed with ${status}: ${JSON.stringify(body)}`);
    return body;
  }

  /** A call that must answer `status` (200 unless said): its body; otherwise the test fails naming the call and the answer. */
  async function ok<T>(method: string, path: string, as: string | { token: string } | undefined, body?: unknown, status = 200): Promise<T> {
    const response = await request<T>(method, path, { token: typeof as === 'object' ? as.token : as, body });
    if (response.status !== status) throw new Error(`${method} ${path} answered ${response.status}, not ${status}: ${JSON.stringify(response.body)}`);
    return response.body;
  }

  async function registerUser(role: SelfServiceRole, overrides: UserOverrides = {}): Promise<AuthResponse> {
    const registerFields: Partial<RegisterInput> = {
      email: `${role}-${randomUUID()}@test.example`,
      password: TEST_PASSWORD,
      firstName: role === 'seller' ? 'Sally' : 'Bob',
    };
    const profile: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(overrides)) {
      if ((REGISTER_KEYS as readonly string[]).includes(key)) Object.assign(registerFields, { [key]: value });
      else profile[key] = value;
    }
    const auth = await expectOk(request<AuthResponse>('POST', '/api/auth/register', { body: { ...registerFields, role } }), 'register');
    if (Object.keys(profile).length === 0) return auth;
    const user = await expectOk(request<User>('PUT', '/api/auth/user', { token: auth.token, body: profile }), 'profile update');
    return { token: auth.token, user };
  }

  /** Follows the link of the newest email to the account's address that confirms it, as the address's owner would. */
  async function confirmEmail(auth: AuthResponse): Promise<void> {
    const link = await linkInMailTo(services, auth.user.email, '/confirm-email');
    await expectOk(request('POST', '/api/account/confirm-email', { body: { token: link.searchParams.get('token') } }), 'email confirmation');
  }

  /**
   * Invites a new person into `by`'s team with `role` and has them join by the emailed link, as they would: the new
   * member's session. `kind` is the account they sign up as (a seller team's member by default).
   */
  async function joinTeam(
    by: AuthResponse,
    role: 'owner' | 'manager' | 'rep',
    person: { firstName?: string; lastName?: string; kind?: SelfServiceRole } = {},
  ): Promise<AuthResponse> {
    const firstName = person.firstName ?? 'Rita';
    const email = `${firstName.toLowerCase()}-${role}-${randomUUID()}@test.example`;
    await expectOk(request('POST', '/api/team/invitations', { token: by.token, body: { email, role } }), 'invitation');
    const inviteToken = (await linkInMailTo(services, email, '/join')).searchParams.get('token');
    const body = { email, password: TEST_PASSWORD, firstName, lastName: person.lastName, role: person.kind ?? 'seller', inviteToken };
    return expectOk(request<AuthResponse>('POST', '/api/auth/register', { body }), 'joining the team');
  }

  async function makeAdmin(email = `admin-${randomUUID()}@test.example`, password = TEST_PASSWORD): Promise<AuthResponse> {
    await ensureAdmin(services, email, password);
    return expectOk(request<AuthResponse>('POST', '/api/auth/login', { body: { email, password } }), 'admin login');
  }

  async function close(): Promise<void> {
    await services.workers.close();
    await (postgres ? postgres.drop() : services.db.close());
    await services.redis?.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const clock = {
    now,
    advance(ms: number) {
      offsetMs += ms;
    },
  };

  return { app, services, clock, dir, request, ok, registerUser, joinTeam, confirmEmail, makeAdmin, close };
}

export type TestApp = ReturnType<typeof createTestApp>;

export const DAY_MS = 24 * 60 * 60 * 1000;
