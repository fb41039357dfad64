/**
 * A connected team's Metrc packages, answered from the server's copy (metrc-package-refresh.ts) so the list is fast
 * and there while Metrc is down; the first look reads them from Metrc, and a refresh asks Metrc for what changed.
 */
import { AppError } from '../../sync/contract/errors';
import { METRC_NOT_CONNECTED_MESSAGE, type MetrcPackage, type MetrcPackageList } from '../../sync/entities/metrc';
import type { Services, Session } from '../context';
import { findMetrcConnection } from '../db/repositories/metrc-connections';
import { listActiveMetrcPackages, type MetrcPackageRow } from '../db/repositories/metrc-packages';
import { requireMetrcConnection } from './metrc-connection-service';
import { refreshMetrcPackages } from './metrc-package-refresh';
import { thousandthsAsQuantity } from '../../sync/rules/decimal';

type Asker = Pick<Session, 'team'>;

export async function metrcPackageList(services: Services, { team }: Asker): Promise<MetrcPackageList> {
  const connection = await requireMetrcConnection(services, team.id);
  if (!connection.packagesReadAt && !connection.readFailure) await refreshMetrcPackages(services, team.id);
  return listOf(services, team.id);
}

/** Reads Metrc's changes now; a read that failed is refused with why, the copy staying as it was. */
export async function refreshMetrcPackageList(services: Services, { team }: Asker): Promise<MetrcPackageList> {
  await requireMetrcConnection(services, team.id);
  const outcome = await refreshMetrcPackages(services, team.id);
  if (outcome.kind === 'failed') throw new AppError('unavailable', outcome.failure);
  if (outcome.kind === 'not-connected') throw new AppError('conflict', METRC_NOT_CONNECTED_MESSAGE);
  return listOf(services, team.id);
}

async function listOf(services: Services, teamId: string): Promise<MetrcPackageList> {
  const [connection, rows] = await Promise.all([findMetrcConnection(services.db.read, teamId), listActiveMetrcPackages(services.db.read, teamId)]);
  return {
    packages: rows.map(packageOf),
    packagesReadAt: connection?.packagesReadAt?.toISOString() ?? null,
    readFailure: connection?.readFailure ?? null,
  };
}

function packageOf(row: MetrcPackageRow): MetrcPackage {
  return {
    label: row.label,
    itemName: row.itemName,
    category: row.category,
    strainName: row.strainName,
    quantity: thousandthsAsQuantity(row.quantity),
    unitOfMeasure: row.unitOfMeasure,
    labTestingState: row.labTestingState,
    productionBatchNumber: row.productionBatchNumber,
    packagedDate: row.packagedDate,
    expirationDate: row.expirationDate,
    sellByDate: row.sellByDate,
    onHold: row.onHold,
    productId: row.productId,
  };
}
