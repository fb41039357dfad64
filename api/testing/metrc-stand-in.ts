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

/** A package as the stand-in keeps it; `finished` ones are listed as inactive. */
export type StandInPackage = {
  id: number;
  label: string;
  itemName: string;
  category: string;
  strainName: string | null;
  quantity: number;
  /** Metrc's unit name: Pounds, Ounces, Grams, Each, or one no product here is counted in (Milliliters). */
  unitOfMeasure: string;
  labTestingState: string;
  productionBatchNumber: string | null;
  packagedDate: string;
  expirationDate: string | null;
  sellByDate: string | null;
  onHold: boolean;
  finished: boolean;
  lastModified: Date;
  /** The facility it belongs to. */
  licenseNumber: string;
};

export type RecordedMetrcRequest = { method: string; path: string; query: Record<string, string>; authorization: string | null };

const PAGE_SIZE_LIMIT = 20;
/** Metrc v1 refused a lastModified window longer than a day; v2 does not say, so the stand-in holds the client to it. */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

export class MetrcStandIn {
  readonly requests: RecordedMetrcRequest[] = [];
  /** The user keys Metrc knows, with what each may do. */
  readonly users = new Map<string, StandInUser>();
  /** Every facility's packages, by label. */
  readonly packages = new Map<string, StandInPackage>();
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

  /** Adds a package, or changes one (its LastModified moves to `at`, as Metrc's does on any change). */
  putPackage(values: Omit<StandInPackage, 'id' | 'lastModified'> & { id?: number }, at: Date): StandInPackage {
    const existing = this.packages.get(values.label);
    const stored = { ...values, id: values.id ?? existing?.id ?? this.packages.size + 1, lastModified: at };
    this.packages.set(values.label, stored);
    return stored;
  }

  /** A package of the facility with everyday values (453.59 g of Gelato flower that passed its tests), as `values` change them. */
  putSamplePackage(licenseNumber: string, label: string, at: Date, values: Partial<Omit<StandInPackage, 'label' | 'licenseNumber'>> = {}): StandInPackage {
    return this.putPackage(
      {
        label,
        licenseNumber,
        itemName: 'Gelato Flower',
        category: 'Buds',
        strainName: 'Gelato',
        quantity: 453.59,
        unitOfMeasure: 'Grams',
        labTestingState: 'TestPassed',
        productionBatchNumber: null,
        packagedDate: '2026-11-02',
        expirationDate: null,
        sellByDate: null,
        onHold: false,
        finished: false,
        ...values,
      },
      at,
    );
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
    const window = windowOf(query);
    if ('refused' in window) return { status: 400, body: { Message: window.refused } };
    const rows = path.startsWith('/packages/v2/') ? this.packageRows(licenseNumber, path.endsWith('/inactive'), window) : [];
    return { status: 200, body: page(rows, Number(query.get('pageNumber') ?? 1), pageSize) };
  }

  /** The facility's packages, active or finished, changed within the window, newest Id first, as Metrc lists them. */
  private packageRows(licenseNumber: string, finished: boolean, window: { start: number; end: number }) {
    return [...this.packages.values()]
      .filter((item) => item.licenseNumber === licenseNumber && item.finished === finished)
      .filter((item) => item.lastModified.getTime() >= window.start && item.lastModified.getTime() <= window.end)
      .sort((a, b) => b.id - a.id)
      .map(packageRow);
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
  'GET /packages/v2/inactive': 'viewPackages',
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

/** `lastModifiedStart`/`lastModifiedEnd` (both or neither), at most a day apart. */
function windowOf(query: URLSearchParams): { start: number; end: number } | { refused: string } {
  const start = query.get('lastModifiedStart');
  const end = query.get('lastModifiedEnd');
  if (start === null && end === null) return { start: -Infinity, end: Infinity };
  const from = Date.parse(start ?? '');
  const to = Date.parse(end ?? '');
  if (Number.isNaN(from) || Number.isNaN(to)) return { refused: 'The lastModifiedStart and lastModifiedEnd parameters must both be valid dates.' };
  if (to - from > LONGEST_WINDOW_MS) return { refused: 'The time period between lastModifiedStart and lastModifiedEnd cannot exceed 24 hours.' };
  return { start: from, end: to };
}

function packageRow(item: StandInPackage) {
  return {
    Id: item.id,
    Label: item.label,
    PackageType: 'Product',
    Quantity: item.quantity,
    UnitOfMeasureName: item.unitOfMeasure,
    Item: { Name: item.itemName, ProductCategoryName: item.category, StrainName: item.strainName, UnitThcPercent: null, UnitCbdPercent: null },
    LabTestingState: item.labTestingState,
    ProductionBatchNumber: item.productionBatchNumber,
    PackagedDate: item.packagedDate,
    ExpirationDate: item.expirationDate,
    SellByDate: item.sellByDate,
    UseByDate: null,
    IsOnHold: item.onHold,
    IsTradeSample: false,
    IsFinished: item.finished,
    FinishedDate: item.finished ? item.lastModified.toISOString().slice(0, 10) : null,
    LastModified: item.lastModified.toISOString(),
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
