/**
 * Keeps a connected team's copy of its Metrc packages up to date (docs/metrc.md): the first read takes every active
 * package; each read after it asks only what changed since the last, in windows of at most a day starting a little
 * before the last read ended (Metrc's clocks and late writes), active and finished alike; products linked to a package
 * that changed follow it. A failed read keeps the copy as it was and says why; one process at a time reads for a team.
 */
import { parseScaled, QUANTITY_RULE } from '../../sync/rules/decimal';
import { METRC_NO_PACKAGES_PERMISSION_MESSAGE, METRC_UNREACHABLE_MESSAGE } from '../../sync/entities/metrc';
import type { Services } from '../context';
import { claimMetrcRead, findMetrcConnection, finishMetrcRead } from '../db/repositories/metrc-connections';
import { saveMetrcPackages, type MetrcPackageRow } from '../db/repositories/metrc-packages';
import { metrcClientOf } from './metrc-connection-service';
import { followLinkedPackages } from './metrc-linked-products';
import type { MetrcClient } from './metrc-client';
import { MetrcError, type ChangeWindow, type MetrcPackageRow as MetrcListedPackage } from './metrc-client';

/** How far before the last read's end the next one starts asking. */
export const REREAD_MARGIN_MS = 20 * 60 * 1000;
/** The longest window of changes asked at once. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A read abandoned by a process that died is taken over after this. */
const CLAIM_MS = 5 * 60 * 1000;

export type ReadOutcome = { kind: 'read' } | { kind: 'failed'; failure: string } | { kind: 'busy' } | { kind: 'not-connected' };

export async function refreshMetrcPackages(services: Services, teamId: string): Promise<ReadOutcome> {
  const connection = await findMetrcConnection(services.db.read, teamId);
  const client = connection && metrcClientOf(services, connection);
  if (!connection || !client) return { kind: 'not-connected' };
  const now = services.now();
  const claimed = await services.db.transaction(async (tx) => claimMetrcRead(tx.db, teamId, now, new Date(now.getTime() + CLAIM_MS)));
  if (!claimed) return { kind: 'busy' };

  try {
    if (!connection.viewPackages) throw new MetrcError('forbidden', METRC_NO_PACKAGES_PERMISSION_MESSAGE, null);
    const listed = connection.packagesReadAt
      ? await readChanges(client, connection.licenseNumber, changeWindows(connection.packagesReadAt, now))
      : (await client.packages('active', connection.licenseNumber)).map((row) => ({ row, finished: false }));
    const rows = latestOfEach(listed).map(({ row, finished }) => copyOf(teamId, row, finished, now));
    await services.db.transaction(async (tx) => {
      const linkedProducts = await saveMetrcPackages(tx.db, rows);
      await followLinkedPackages(tx, teamId, linkedProducts, now);
      await finishMetrcRead(tx.db, teamId, { readAt: now });
    });
    return { kind: 'read' };
  } catch (error) {
    if (!(error instanceof MetrcError)) throw error;
    const failure = sellerWords(error);
    await services.db.transaction(async (tx) => finishMetrcRead(tx.db, teamId, { failure, at: now }));
    return { kind: 'failed', failure };
  }
}

/** From a little before the last read ended until now, in windows of at most a day. */
export function changeWindows(lastReadAt: Date, now: Date): ChangeWindow[] {
  const windows: ChangeWindow[] = [];
  for (let start = lastReadAt.getTime() - REREAD_MARGIN_MS; start < now.getTime(); start += LONGEST_WINDOW_MS) {
    windows.push({ start: new Date(start), end: new Date(Math.min(start + LONGEST_WINDOW_MS, now.getTime())) });
  }
  return windows;
}

type Listed = { row: MetrcListedPackage; finished: boolean };

async function readChanges(client: MetrcClient, licenseNumber: string, windows: ChangeWindow[]): Promise<Listed[]> {
  const listed: Listed[] = [];
  for (const window of windows) {
    for (const row of await client.packages('active', licenseNumber, window)) listed.push({ row, finished: false });
    for (const row of await client.packages('inactive', licenseNumber, window)) listed.push({ row, finished: true });
  }
  return listed;
}

/** A package seen more than once (active, then finished; two windows' margin) counts as Metrc last changed it. */
function latestOfEach(listed: Listed[]): Listed[] {
  const byLabel = new Map<string, Listed>();
  for (const entry of listed) {
    const seen = byLabel.get(entry.row.Label);
    if (!seen || Date.parse(entry.row.LastModified) >= Date.parse(seen.row.LastModified)) byLabel.set(entry.row.Label, entry);
  }
  return [...byLabel.values()];
}

function copyOf(teamId: string, row: MetrcListedPackage, finished: boolean, readAt: Date): MetrcPackageRow {
  return {
    teamId,
    label: row.Label,
    metrcId: row.Id,
    itemName: row.Item.Name,
    category: row.Item.ProductCategoryName ?? '',
    strainName: row.Item.StrainName ?? null,
    quantity: thousandthsOf(row.Quantity),
    unitOfMeasure: row.UnitOfMeasureName,
    labTestingState: row.LabTestingState ?? 'NotSubmitted',
    productionBatchNumber: row.ProductionBatchNumber ?? null,
    packagedDate: dayOf(row.PackagedDate),
    expirationDate: dayOf(row.ExpirationDate),
    sellByDate: dayOf(row.SellByDate),
    useByDate: dayOf(row.UseByDate),
    onHold: row.IsOnHold ?? false,
    finished: finished || (row.IsFinished ?? false),
    lastModified: row.LastModified,
    productId: null,
    readAt,
  };
}

/** Metrc's quantity (a JSON number) as exact thousandths, at the edge where it enters: out of range, the nearest bound. */
function thousandthsOf(quantity: number): number {
  const parsed = parseScaled(quantity.toFixed(QUANTITY_RULE.scale), QUANTITY_RULE);
  if (parsed.ok) return parsed.scaled;
  return quantity < 0 ? 0 : Math.round(QUANTITY_RULE.max * 10 ** QUANTITY_RULE.scale);
}

const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

function sellerWords(error: MetrcError): string {
  if (error.failure === 'unauthorized') return 'Metrc no longer accepts the key: connect again with a current key (Metrc keys expire about yearly).';
  if (error.failure === 'forbidden') return METRC_NO_PACKAGES_PERMISSION_MESSAGE;
  if (error.failure === 'unreachable') return METRC_UNREACHABLE_MESSAGE;
  return `Metrc refused the read: ${error.message}`;
}
