/**
 * A local stand-in for Metrc's v2 API, for tests, written from the public description (docs/metrc.md): HTTP Basic
 * with the vendor key and a user key, the facilities each user key may act for and what it may do there, PascalCase
 * answers, lists in pages of at most 20, a refused key answered 401 with no body, a call the key may not make 403
 * with `{ Message }`, and a 429 with `Retry-After` when told to. It records every request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_VENDOR_KEY = 'vendor-key-stand-in';

export type StandInPermission = 'viewPackages' | 'viewLabResults' | 'manageTransferTemplates';

export type StandInUser = {
  /** The facilities the key may act for: licence number and name. */
  facilities: { licenseNumber: string; name: string }[];
  permissions: StandInPermission[];
};

export type RecordedMetrcRequest = { method: string; path: string; query: Record<string, string>; authorization: string | null };

const PAGE_SIZE_LIMIT = 20;

export class MetrcStandIn {
  readonly requests: RecordedMetrcRequest[] = [];
  /** The user keys Metrc knows, with what each may do. */
  readonly users = new Map<string, StandInUser>();
  /** Reads answered 429 before the next one goes through, with this Retry-After (seconds). */
  private rateLimited: { remaining: number; retryAfter: string } = { remaining: 0, retryAfter: '0' };
  /** While down, every call answers 503. */
  down = false;
  private server: Server | null = null;

  /** Metrc has an address per state: this one answers under `/<state>` (lower case), as METRC_API_BASE `<base>/<state>` asks. */
  constructor(private readonly state = 'mi') {}

  addUser(userKey: string, user: StandInUser): void {
    this.users.set(userKey, user);
  }

  /** The next `count` reads answer 429 with `Retry-After: retryAfter`. */
  limitNextReads(count: number, retryAfter = '0'): void {
    this.rateLimited = { remaining: count, retryAfter };
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const authorization = request.headers.authorization ?? null;
      const prefix = `/${this.state}/`;
      const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length - 1) : null;
      this.requests.push({ method: request.method ?? 'GET', path: path ?? url.pathname, query: Object.fromEntries(url.searchParams), authorization });
      const answer = path ? this.answer(request.method ?? 'GET', path, url.searchParams, authorization) : { status: 404 };
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(method: string, path: string, query: URLSearchParams, authorization: string | null): { status: number; body?: unknown; headers?: Record<string, string> } {
    if (this.down) return { status: 503, body: { Message: 'The service is temporarily unavailable.' } };
    const user = this.userOf(authorization);
    // Metrc refuses unknown keys with a bare 401.
    if (!user) return { status: 401 };
    if (method === 'GET' && this.rateLimited.remaining > 0) {
      this.rateLimited.remaining -= 1;
      return { status: 429, body: { Message: 'Too many requests.' }, headers: { 'Retry-After': this.rateLimited.retryAfter } };
    }
    if (method === 'GET' && path === '/facilities/v2') {
      return { status: 200, body: user.facilities.map(facilityRow) };
    }
    const permission = PERMISSION_OF[`${method} ${path}`];
    if (!permission) return { status: 404, body: { Message: 'No HTTP resource was found that matches the request URI.' } };
    const licenseNumber = query.get('licenseNumber');
    if (!licenseNumber) return { status: 400, body: { Message: 'No license number was specified.' } };
    if (!user.facilities.some((facility) => facility.licenseNumber === licenseNumber)) {
      return { status: 401, body: { Message: `No valid endpoint found for license ${licenseNumber}.` } };
    }
    if (!user.permissions.includes(permission)) {
      return { status: 403, body: { Message: 'You do not have permission to perform this action.' } };
    }
    const pageSize = Number(query.get('pageSize') ?? PAGE_SIZE_LIMIT);
    if (pageSize > PAGE_SIZE_LIMIT) return { status: 400, body: { Message: `The page size must be ${PAGE_SIZE_LIMIT} or less.` } };
    return { status: 200, body: page([], Number(query.get('pageNumber') ?? 1), pageSize) };
  }

  private userOf(authorization: string | null): StandInUser | null {
    const match = authorization?.match(/^Basic (.+)$/);
    if (!match) return null;
    const [vendorKey, userKey] = Buffer.from(match[1]!, 'base64').toString('utf8').split(':');
    if (vendorKey !== STAND_IN_VENDOR_KEY || !userKey) return null;
    return this.users.get(userKey) ?? null;
  }
}

const PERMISSION_OF: Record<string, StandInPermission> = {
  'GET /packages/v2/active': 'viewPackages',
  'GET /labtests/v2/results': 'viewLabResults',
  'GET /transfers/v2/templates/outgoing': 'manageTransferTemplates',
};

function facilityRow(facility: { licenseNumber: string; name: string }) {
  return {
    HireDate: '2024-01-01',
    IsOwner: true,
    IsManager: true,
    Name: facility.name,
    DisplayName: facility.name,
    License: { Number: facility.licenseNumber, StartDate: '2024-01-01', EndDate: '2027-12-31', LicenseType: 'Grower' },
  };
}

/** Metrc's page wrapper around one page of rows. */
function page<T>(rows: T[], pageNumber: number, pageSize: number) {
  const start = (pageNumber - 1) * pageSize;
  const data = rows.slice(start, start + pageSize);
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  return {
    Data: data,
    Total: rows.length,
    TotalRecords: rows.length,
    PageSize: pageSize,
    RecordsOnPage: data.length,
    Page: pageNumber,
    CurrentPage: pageNumber,
    TotalPages: totalPages,
  };
}
