/**
 * Metrc's v2 API as this server uses it (the facts in docs/metrc.md): HTTP Basic with the operator's vendor key and
 * the seller's user key, one state's address, PascalCase JSON, errors as `{ Message }` in any casing or no body at
 * all. A read over the rate limit (429) waits as `Retry-After` says and goes again, a few times.
 */
import { z } from 'zod';

export type MetrcKeys = { base: string; vendorKey: string; userKey: string };

/** Why a call failed: the keys refused (401), the call not allowed for this key or facility (403), anything else Metrc said, or no answer. */
export type MetrcFailure = 'unauthorized' | 'forbidden' | 'refused' | 'unreachable';

export class MetrcError extends Error {
  constructor(
    readonly failure: MetrcFailure,
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'MetrcError';
  }
}

/** A facility the user key may act for (`GET /facilities/v2`). */
export type MetrcFacility = { name: string; licenseNumber: string };

const facilitiesSchema = z.array(
  z.object({
    Name: z.string().optional(),
    DisplayName: z.string().nullable().optional(),
    License: z.object({ Number: z.string() }),
  }),
);

/** One package as Metrc lists it (PascalCase; the fields the product reads). */
const packageRowSchema = z.object({
  Id: z.number(),
  Label: z.string(),
  Quantity: z.number(),
  UnitOfMeasureName: z.string(),
  Item: z.object({ Name: z.string(), ProductCategoryName: z.string().nullish(), StrainName: z.string().nullish() }),
  LabTestingState: z.string().nullish(),
  ProductionBatchNumber: z.string().nullish(),
  PackagedDate: z.string().nullish(),
  ExpirationDate: z.string().nullish(),
  SellByDate: z.string().nullish(),
  UseByDate: z.string().nullish(),
  IsOnHold: z.boolean().nullish(),
  IsFinished: z.boolean().nullish(),
  LastModified: z.string(),
});
export type MetrcPackageRow = z.infer<typeof packageRowSchema>;

const pageSchema = z.object({ Data: z.array(z.unknown()), TotalPages: z.number().int().min(0) });

/** Metrc's largest page. */
export const METRC_PAGE_SIZE = 20;

/** A window of Metrc's changes, `yyyy-mm-ddThh:mm:ssZ` at each end. */
export type ChangeWindow = { start: Date; end: Date };

const RATE_LIMIT_RETRIES = 3;
const LONGEST_WAIT_MS = 10_000;
const ANSWER_WITHIN_MS = 15_000;

export type MetrcClientOptions = { sleep?: (ms: number) => Promise<void> };

export class MetrcClient {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly keys: MetrcKeys,
    options: MetrcClientOptions = {},
  ) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** The facilities the keys may act for; needs no permission, so it proves the keys. */
  async facilities(): Promise<MetrcFacility[]> {
    const rows = readable(facilitiesSchema, await this.get('/facilities/v2'));
    return rows.map((row) => ({ name: row.DisplayName || row.Name || row.License.Number, licenseNumber: row.License.Number }));
  }

  /** The facility's active (or finished) packages, changed within `window` if one is given: every page, in turn. */
  async packages(kind: 'active' | 'inactive', licenseNumber: string, window?: ChangeWindow): Promise<MetrcPackageRow[]> {
    const query: Record<string, string> = { licenseNumber, pageSize: String(METRC_PAGE_SIZE) };
    if (window) Object.assign(query, { lastModifiedStart: metrcTime(window.start), lastModifiedEnd: metrcTime(window.end) });
    const rows: MetrcPackageRow[] = [];
    for (let pageNumber = 1, totalPages = 1; pageNumber <= totalPages; pageNumber++) {
      const page = readable(pageSchema, await this.get(`/packages/v2/${kind}`, { ...query, pageNumber: String(pageNumber) }));
      totalPages = page.TotalPages;
      rows.push(...page.Data.map((row) => readable(packageRowSchema, row)));
    }
    return rows;
  }

  /** Whether the key may make this read at the facility: false when Metrc refuses it (401 or 403). */
  async mayRead(path: string, licenseNumber: string, query: Record<string, string> = {}): Promise<boolean> {
    try {
      await this.get(path, { licenseNumber, ...query });
      return true;
    } catch (error) {
      if (error instanceof MetrcError && (error.failure === 'forbidden' || error.failure === 'unauthorized')) return false;
      throw error;
    }
  }

  async get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    const url = new URL(`${this.keys.base.replace(/\/+$/, '')}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    for (let attempt = 0; ; attempt++) {
      const response = await this.send(url);
      if (response.status === 429 && attempt < RATE_LIMIT_RETRIES) {
        await this.sleep(retryAfterMs(response.headers.get('retry-after'), attempt));
        continue;
      }
      return readAnswer(response);
    }
  }

  private async send(url: URL): Promise<Response> {
    try {
      return await fetch(url, {
        headers: { Authorization: `Basic ${Buffer.from(`${this.keys.vendorKey}:${this.keys.userKey}`).toString('base64')}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
    } catch {
      throw new MetrcError('unreachable', 'Metrc did not answer', null);
    }
  }
}

/** Metrc's address for a state: `<state>` in the configured base stands for its lower-case code. */
export function metrcBaseFor(configured: string, state: string): string {
  return configured.replaceAll('<state>', state.toLowerCase());
}

/** An answer in the shape the product reads, or a refusal that says Metrc answered otherwise. */
function readable<T>(schema: z.ZodType<T>, answer: unknown): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new MetrcError('refused', 'Metrc answered in a shape this product cannot read', null);
  return parsed.data;
}

/** Metrc's time format for a window: seconds, UTC. */
function metrcTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

function retryAfterMs(header: string | null, attempt: number): number {
  const seconds = Number(header);
  const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 2 ** attempt * 1000;
  return Math.min(wait, LONGEST_WAIT_MS);
}

async function readAnswer(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  if (response.ok) return body;
  const message = messageOf(body) ?? `Metrc answered ${response.status}`;
  const failure: MetrcFailure = response.status === 401 ? 'unauthorized' : response.status === 403 ? 'forbidden' : response.status >= 500 ? 'unreachable' : 'refused';
  throw new MetrcError(failure, message, response.status);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Metrc's `Message`, whatever its casing (some states send `message` or `MESSAGE`). */
function messageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const entry = Object.entries(body).find(([name]) => name.toLowerCase() === 'message');
  return typeof entry?.[1] === 'string' && entry[1].trim() ? entry[1].trim() : null;
}
