/** The mapping step's answers live in the signed-in person's own database, for the next file; another person on the device starts afresh. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../lib/replica/replica-db';
import { useSyncSession } from '../../lib/replica/sync-session';
import { NO_CHOICES, type ImportChoices } from './product-csv-mapping';
import { rememberedImportChoices, rememberImportChoices } from './product-import-choices';

const opened: ReplicaDb[] = [];

function signIn(): ReplicaDb {
  const db = new ReplicaDb(crypto.randomUUID());
  opened.push(db);
  useSyncSession.setState({ db, engine: null });
  return db;
}

afterEach(async () => {
  useSyncSession.setState({ db: null, engine: null });
  await Promise.all(opened.splice(0).map((db) => db.delete()));
});

const answers: ImportChoices = {
  columns: new Map([
    ['brand', 'addToDescription'],
    ['straintype', 'leaveOut'],
  ]),
  categories: new Map([['moonrocks', 'flower']]),
  units: new Map([['eighth', 'oz']]),
};

describe('the remembered import choices', () => {
  it("are kept in the person's own database and read back as given", async () => {
    const db = signIn();
    expect(await rememberedImportChoices()).toEqual(NO_CHOICES);
    await rememberImportChoices(answers);
    expect(await rememberedImportChoices()).toEqual(answers);
    expect(await db.importChoices.count()).toBe(1);
  });

  it('are not seen by another person signing in on the same device', async () => {
    signIn();
    await rememberImportChoices(answers);
    signIn();
    expect(await rememberedImportChoices()).toEqual(NO_CHOICES);
  });

  it('read as none when what is kept is not a shape this version knows, and when nobody is signed in', async () => {
    const db = signIn();
    await db.importChoices.put({ importer: 'products', choices: { columns: [['brand', 'somethingNew']], categories: [], units: [] } });
    expect(await rememberedImportChoices()).toEqual(NO_CHOICES);
    useSyncSession.setState({ db: null, engine: null });
    expect(await rememberedImportChoices()).toEqual(NO_CHOICES);
    await rememberImportChoices(answers);
  });
});
