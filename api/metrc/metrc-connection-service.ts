/**
 * Connecting a seller team to Metrc (docs/metrc.md): the keys are proved against Metrc before anything is kept, the
 * user key is kept sealed and never answered, and what the key may do at the facility is asked of Metrc itself.
 */
import { AppError } from '../../sync/contract/errors';
import {
  METRC_KEY_REFUSED_MESSAGE,
  METRC_NOT_CONNECTED_MESSAGE,
  METRC_NOT_SET_UP_MESSAGE,
  METRC_UNREACHABLE_MESSAGE,
  metrcLicenceRefusedMessage,
  type MetrcConnectInput,
  type MetrcConnection,
  type MetrcPermissions,
} from '../../sync/entities/metrc';
import type { Services, Session } from '../context';
import { deleteMetrcConnection, findMetrcConnection, saveMetrcConnection, type MetrcConnectionRow } from '../db/repositories/metrc-connections';
import { deleteMetrcPackages } from '../db/repositories/metrc-packages';
import { openSecret, sealSecret } from '../platform/sealed-secret';
import { MetrcClient, MetrcError, metrcBaseFor } from './metrc-client';

type Asker = Pick<Session, 'user' | 'team'>;

/** What a sealed user key is bound to: a key copied onto another team's row does not open. */
export const metrcSealContext = (teamId: string) => `metrc:${teamId}`;

/** The team's connection; one whose key no longer opens (another CREDENTIALS_KEY, a row copied) counts as none: connect again. */
export async function metrcConnection(services: Services, { team }: Asker): Promise<MetrcConnection> {
  const row = await findMetrcConnection(services.db.read, team.id);
  return answerOf(Boolean(services.env.METRC_VENDOR_KEY), row && metrcClientOf(services, row) ? row : undefined);
}

/** The team's connection for a call that needs one: a server without Metrc, or a team not connected, is told so (409). */
export async function requireMetrcConnection(services: Services, teamId: string): Promise<MetrcConnectionRow> {
  if (!services.env.METRC_VENDOR_KEY) throw new AppError('conflict', METRC_NOT_SET_UP_MESSAGE);
  const connection = await findMetrcConnection(services.db.read, teamId);
  if (!connection) throw new AppError('conflict', METRC_NOT_CONNECTED_MESSAGE);
  return connection;
}

/** A client acting with the connection's key, or null when this server has no Metrc or the key no longer opens. */
export function metrcClientOf(services: Services, connection: MetrcConnectionRow): MetrcClient | null {
  const userKey = openSecret(services.env.CREDENTIALS_KEY, connection.userKeySealed, metrcSealContext(connection.teamId));
  return userKey ? clientWith(services, connection.state, userKey) : null;
}

function clientWith(services: Services, state: string, userKey: string): MetrcClient | null {
  const vendorKey = services.env.METRC_VENDOR_KEY;
  return vendorKey ? new MetrcClient({ base: metrcBaseFor(services.env.METRC_API_BASE, state), vendorKey, userKey }) : null;
}

export async function connectMetrc(services: Services, { user, team }: Asker, input: MetrcConnectInput): Promise<MetrcConnection> {
  const client = clientWith(services, input.state, input.userKey);
  if (!client) throw new AppError('unavailable', METRC_NOT_SET_UP_MESSAGE);
  const { facilityName, permissions } = await proveKeys(client, input.licenseNumber);
  const row: MetrcConnectionRow = {
    teamId: team.id,
    state: input.state,
    licenseNumber: input.licenseNumber,
    facilityName,
    userKeySealed: sealSecret(services.env.CREDENTIALS_KEY, input.userKey, metrcSealContext(team.id)),
    ...permissions,
    connectedBy: user.id,
    connectedAt: services.now(),
    packagesReadAt: null,
    readFailure: null,
    readFailedAt: null,
    readClaimedUntil: null,
  };
  await services.db.transaction(async (tx) => {
    const before = await findMetrcConnection(tx.db, team.id);
    // Another key for the same facility keeps the copy of its packages; another facility's are not this one's.
    if (before && before.state === row.state && before.licenseNumber === row.licenseNumber) row.packagesReadAt = before.packagesReadAt;
    else await deleteMetrcPackages(tx.db, team.id);
    await saveMetrcConnection(tx.db, row);
  });
  return answerOf(true, row);
}

/** Forgets the key and the copy of the packages; nothing changes in Metrc. */
export async function disconnectMetrc(services: Services, { team }: Asker): Promise<void> {
  await services.db.transaction(async (tx) => {
    await deleteMetrcPackages(tx.db, team.id);
    await deleteMetrcConnection(tx.db, team.id);
  });
}

/** The facility's name and what the key may do there; a seller's words when Metrc refuses or does not answer. */
async function proveKeys(client: MetrcClient, licenseNumber: string): Promise<{ facilityName: string; permissions: MetrcPermissions }> {
  try {
    const facility = (await client.facilities()).find((candidate) => candidate.licenseNumber.toUpperCase() === licenseNumber.toUpperCase());
    if (!facility) throw new AppError('validation', metrcLicenceRefusedMessage(licenseNumber), { licenseNumber: metrcLicenceRefusedMessage(licenseNumber) });
    const page = { pageNumber: '1', pageSize: '1' };
    const [viewPackages, viewLabResults, manageTransferTemplates] = await Promise.all([
      client.mayRead('/packages/v2/active', facility.licenseNumber, page),
      client.mayRead('/labtests/v2/results', facility.licenseNumber, { packageId: '0', ...page }),
      client.mayRead('/transfers/v2/templates/outgoing', facility.licenseNumber, page),
    ]);
    return { facilityName: facility.name, permissions: { viewPackages, viewLabResults, manageTransferTemplates } };
  } catch (error) {
    if (!(error instanceof MetrcError)) throw error;
    if (error.failure === 'unauthorized' || error.failure === 'forbidden') throw new AppError('validation', METRC_KEY_REFUSED_MESSAGE, { userKey: METRC_KEY_REFUSED_MESSAGE });
    if (error.failure === 'unreachable') throw new AppError('unavailable', METRC_UNREACHABLE_MESSAGE);
    throw new AppError('validation', `Metrc refused the connection: ${error.message}`);
  }
}

function answerOf(available: boolean, row: MetrcConnectionRow | undefined): MetrcConnection {
  if (!row) return { available, connected: false };
  return {
    available,
    connected: true,
    state: row.state,
    licenseNumber: row.licenseNumber,
    facilityName: row.facilityName,
    permissions: { viewPackages: row.viewPackages, viewLabResults: row.viewLabResults, manageTransferTemplates: row.manageTransferTemplates },
    connectedAt: row.connectedAt.toISOString(),
    packagesReadAt: row.packagesReadAt?.toISOString() ?? null,
    readFailure: row.readFailure,
  };
}
