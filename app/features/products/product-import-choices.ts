/**
 * The seller's mapping-step answers, remembered for the next file: kept on the
 * device, in the signed-in person's own replica database (never local storage,
 * where the next person on the device could read it).
 *
 * On the device rather than the server because the import itself happens on
 * the device, offline too: the answers must be at hand exactly where and when
 * a file is read, with or without signal. They describe how one system's
 * export is spelled, not the team's business, and no rule on the server
 * depends on them; a device that has never seen that system's file asks once.
 */
import { z } from 'zod';
import { PRODUCT_CATEGORIES, UNIT_TYPES } from '../../../sync/contract/constants';
import { useSyncSession } from '../../lib/replica/sync-session';
import { NO_CHOICES, type ImportChoices } from './product-csv-mapping';
import { CSV_FIELD_COLUMNS } from './product-csv-vocabulary';

const IMPORTER = 'products';

const storedSchema = z.object({
  columns: z.array(z.tuple([z.string(), z.enum([...CSV_FIELD_COLUMNS, 'addToDescription', 'leaveOut'])])),
  categories: z.array(z.tuple([z.string(), z.enum([...PRODUCT_CATEGORIES, 'skipRows'])])),
  units: z.array(z.tuple([z.string(), z.enum([...UNIT_TYPES, 'skipRows'])])),
});

/** The answers remembered on this device; none when nobody is signed in or what is kept is not readable (an older shape). */
export async function rememberedImportChoices(): Promise<ImportChoices> {
  const db = useSyncSession.getState().db;
  // Unreadable storage costs only the questions asked again, never the import.
  const kept = storedSchema.safeParse(
    await db?.importChoices.get(IMPORTER).then(
      (row) => row?.choices,
      () => undefined,
    ),
  );
  if (!kept.success) return NO_CHOICES;
  return { columns: new Map(kept.data.columns), categories: new Map(kept.data.categories), units: new Map(kept.data.units) };
}

/** Keeps the answers for the next file; a device that cannot keep them (its storage full) asks again next time, and imports this file all the same. */
export async function rememberImportChoices(choices: ImportChoices): Promise<void> {
  const stored: z.input<typeof storedSchema> = { columns: [...choices.columns], categories: [...choices.categories], units: [...choices.units] };
  await useSyncSession
    .getState()
    .db?.importChoices.put({ importer: IMPORTER, choices: stored })
    .catch(() => undefined);
}
