/**
 * Property 3 of the sync design (sync/README.md): two devices of
 * one seller, editing offline in random interleavings over a network that
 * duplicates requests, loses answers after the server committed, fails before
 * the server sees anything and replays old pushes, converge to the server's
 * state once both have synced. Along the way: every mutation is processed
 * exactly once (Property 1), nothing is duplicated, and every create the
 * server did not refuse exists unless a delete was applied after it.
 *
 * Real pieces: SyncEngine, DexieSyncStore on fake-indexeddb, the in-process
 * API. Seeded: fast-check's seed drives the edits, the interleaving and,
 * through a small PRNG, the network's faults.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { byId, Device, InProcessTransport, nextTick, type Fault } from '../support/device';
import { PRODUCT_CATEGORIES } from '../../../sync/contract/constants';
import type { Menu } from '../../../sync/entities/menu';
import type { Product } from '../../../sync/entities/product';
import type { Mutation } from '../../../sync/contract/mutations';
import type { PushResponse } from '../../../sync/contract/protocol';
import { propertyOptions, seededRandom } from '../../../sync/testing/seeded-random';

const NUM_RUNS = 50;

// ---------------------------------------------------------------------------
// The script of a run

type ProductChanges = Partial<{
  strainName: string;
  description: string | null;
  category: (typeof PRODUCT_CATEGORIES)[number];
  thcPercentage: string | null;
  pricePerUnit: string | null;
  availableQuantity: string;
}>;

type Op =
  | { kind: 'createProduct'; strainName: string; pricePerUnit: string | null; onMenu: number | null; invalid: boolean }
  | { kind: 'updateProduct'; target: number; changes: ProductChanges }
  | { kind: 'deleteProduct'; target: number }
  | { kind: 'createMenu'; name: string; isPublic: boolean; picks: number[] }
  | { kind: 'updateMenu'; target: number; name?: string; isPublic?: boolean; picks?: number[] }
  | { kind: 'deleteMenu'; target: number }
  /** This device syncs once over the flaky network; in the background, the next ops run while it does. */
  | { kind: 'sync'; background: boolean }
  /** Both devices sync at the same time. */
  | { kind: 'syncBoth' };

const index = fc.nat({ max: 15 });
const productChanges: fc.Arbitrary<ProductChanges> = fc.record(
  {
    strainName: fc.constantFrom('Gelato', 'Zkittlez', 'Runtz', 'OG Kush'),
    description: fc.constantFrom(null, '', 'Dense, frosty buds'),
    category: fc.constantFrom(...PRODUCT_CATEGORIES),
    thcPercentage: fc.constantFrom(null, '18', '24.5'),
    pricePerUnit: fc.constantFrom(null, '10', '12.5', '1200.00'),
    availableQuantity: fc.constantFrom('0', '5.5', '100'),
  },
  { requiredKeys: [] },
);

const editOp: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('createProduct' as const),
      strainName: fc.constantFrom('Blue Dream', 'Sour Diesel', 'Wedding Cake'),
      pricePerUnit: fc.constantFrom(null, '25', '1100.5'),
      onMenu: fc.option(index, { nil: null }),
      invalid: fc.nat({ max: 9 }).map((n) => n === 0),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('updateProduct' as const), target: index, changes: productChanges }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('deleteProduct' as const), target: index }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('createMenu' as const), name: fc.constantFrom('Spring', 'Bulk'), isPublic: fc.boolean(), picks: fc.array(index, { maxLength: 3 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record(
      { kind: fc.constant('updateMenu' as const), target: index, name: fc.constantFrom('Renamed', 'Clearance'), isPublic: fc.boolean(), picks: fc.array(index, { maxLength: 3 }) },
      { requiredKeys: ['kind', 'target'] },
    ),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('deleteMenu' as const), target: index }), weight: 1 },
);
const syncOp: fc.Arbitrary<Op> = fc.oneof(fc.record({ kind: fc.constant('sync' as const), background: fc.boolean() }), fc.constant({ kind: 'syncBoth' as const }));

/** At most 8 edits per device, with a few syncs mixed in, and the order in which the devices take turns. */
const deviceOps = fc.tuple(fc.array(editOp, { maxLength: 8, size: 'max' }), fc.array(fc.tuple(syncOp, fc.nat({ max: 8 })), { maxLength: 3, size: 'max' })).map(([edits, syncs]) => {
  const ops = [...edits];
  for (const [op, at] of syncs) ops.splice(Math.min(at, ops.length), 0, op);
  return ops;
});

const scenario = fc.record({
  /** Products and menus both devices have before they go offline, so that their edits meet. */
  shared: fc.record({ products: fc.nat({ max: 3 }), menu: fc.boolean() }),
  ops: fc.tuple(deviceOps, deviceOps),
  turns: fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }),
  flakiness: fc.constantFrom(0, 0.3, 0.6),
  networkSeeds: fc.tuple(fc.integer(), fc.integer()),
  /** Who goes first in each round of the final "sync until quiet". */
  settleOrder: fc.array(fc.constantFrom('ab', 'ba', 'both'), { minLength: 6, maxLength: 6 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------
// Running it

const FAULTS: Fault[] = ['before', 'after', 'twice', 'twice-second', 'replay'];

function flakyNetwork(seed: number, flakiness: number): (call: 'push' | 'pull') => Fault {
  const random = seededRandom(seed);
  return () => (random() < flakiness ? FAULTS[Math.floor(random() * FAULTS.length)]! : 'none');
}

/** Ids made "on the device": unique across the whole file, the same on every run of the same seed. */
let idCounter = 0;
const nextId = () => `00000000-0000-4000-8000-${(++idCounter).toString(16).padStart(12, '0')}`;

let t: TestApp;

beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

type Written = { seq: number; mutation: Mutation };

function pick<T extends { id: string }>(rows: Iterable<T>, target: number): T | undefined {
  const sorted = byId(rows);
  return sorted.length === 0 ? undefined : sorted[target % sorted.length];
}

/** Turns an op into a mutation against what the device shows now; null when there is nothing to act on. */
async function toMutation(device: Device, op: Op): Promise<Mutation | null> {
  const view = await device.view();
  const productIds = (picks: number[]) => {
    const sorted = byId(view.products.values());
    return sorted.length === 0 ? [] : picks.map((p) => sorted[p % sorted.length]!.id);
  };
  switch (op.kind) {
    case 'createProduct': {
      const menu = op.onMenu === null ? undefined : pick(view.menus.values(), op.onMenu);
      return {
        name: 'product.create',
        args: {
          id: nextId(),
          // A blank name passes nothing: the device's view ignores it, the server refuses it.
          strainName: op.invalid ? '   ' : op.strainName,
          pricePerUnit: op.pricePerUnit,
          selectedMenus: menu ? [menu.id] : [],
        },
      };
    }
    case 'updateProduct': {
      const product = pick(view.products.values(), op.target);
      return product ? { name: 'product.update', args: { id: product.id, changes: op.changes } } : null;
    }
    case 'deleteProduct': {
      const product = pick(view.products.values(), op.target);
      return product ? { name: 'product.delete', args: { id: product.id } } : null;
    }
    case 'createMenu':
      return { name: 'menu.create', args: { id: nextId(), publicLinkId: nextId(), name: op.name, isPublic: op.isPublic, productIds: productIds(op.picks) } };
    case 'updateMenu': {
      const menu = pick(view.menus.values(), op.target);
      if (!menu) return null;
      const changes = {
        ...(op.name !== undefined && { name: op.name }),
        ...(op.isPublic !== undefined && { isPublic: op.isPublic }),
        ...(op.picks !== undefined && { productIds: productIds(op.picks) }),
      };
      return { name: 'menu.update', args: { id: menu.id, changes } };
    }
    case 'deleteMenu': {
      const menu = pick(view.menus.values(), op.target);
      return menu ? { name: 'menu.delete', args: { id: menu.id } } : null;
    }
    default:
      return null;
  }
}

async function untilIdle(devices: Device[]): Promise<void> {
  for (let i = 0; i < 100_000 && devices.some((device) => device.engine.getStatus().phase === 'syncing'); i++) await nextTick();
}

/** Every push answer the server gave this device's client, by sequence: what happened to each mutation. */
function outcomesBySeq(transport: InProcessTransport): Map<number, Array<{ outcome: string; reason?: string }>> {
  const outcomes = new Map<number, Array<{ outcome: string; reason?: string }>>();
  for (const { status, body } of transport.delivered) {
    expect(status, JSON.stringify(body)).toBe(200);
    for (const result of (body as PushResponse).results) {
      outcomes.set(result.seq, [...(outcomes.get(result.seq) ?? []), { outcome: result.outcome, reason: result.reason }]);
    }
  }
  return outcomes;
}

async function runScenario(scenario: Scenario): Promise<void> {
  const seller = await t.registerUser('seller');
  const transports = scenario.networkSeeds.map((seed) => {
    const transport = new InProcessTransport(t.request, seller.token);
    transport.decide = flakyNetwork(seed, scenario.flakiness);
    // Pages of two rows: the first pull of the shared catalogue comes in pages, lost and resumed like any other call.
    transport.pageRows = 2;
    return transport;
  });
  // Two devices of one seller: two replica databases (two client ids), one account, one token.
  const devices = transports.map(
    (transport, i) =>
      new Device(`${seller.user.id}-device-${i}`, seller.user.id, transport, {
        batchSize: 3,
        // Timers off: the test drives every sync itself, and nothing waits.
        setTimer: () => 0,
        clearTimer: () => undefined,
        random: () => 0.5,
      }),
  );
  const written: Written[][] = [[], []];
  const background: Array<Promise<void>> = [];

  try {
    // A shared catalogue made elsewhere (REST); both devices start online and download it, then edit.
    const sharedIds: string[] = [];
    const sharedMenuIds: string[] = [];
    for (let i = 0; i < scenario.shared.products; i++) {
      const res = await t.request<Product>('POST', '/api/products', { token: seller.token, body: { id: nextId(), strainName: `Shared ${i}`, pricePerUnit: '30' } });
      expect(res.status).toBe(201);
      sharedIds.push(res.body.id);
    }
    if (scenario.shared.menu) {
      const res = await t.request<Menu>('POST', '/api/menus', { token: seller.token, body: { id: nextId(), name: 'Shared menu', productIds: sharedIds } });
      expect(res.status).toBe(201);
      sharedMenuIds.push(res.body.id);
    }
    await Promise.all(devices.map((device) => device.engine.syncNow()));

    const queues = scenario.ops.map((ops) => [...ops]);
    let turn = 0;
    while (queues[0]!.length > 0 || queues[1]!.length > 0) {
      const preferred = scenario.turns[turn++ % scenario.turns.length] ? 1 : 0;
      const who = queues[preferred]!.length > 0 ? preferred : 1 - preferred;
      const op = queues[who]!.shift()!;
      const device = devices[who]!;
      if (op.kind === 'sync') {
        const cycle = device.engine.syncNow();
        if (op.background) background.push(cycle);
        else await cycle;
      } else if (op.kind === 'syncBoth') {
        await Promise.all(devices.map((each) => each.engine.syncNow()));
      } else {
        const mutation = await toMutation(device, op);
        if (mutation) {
          const [seq] = await device.write(mutation);
          written[who]!.push({ seq: seq!, mutation });
        }
      }
    }
    await Promise.all(background);
    await untilIdle(devices);

    // Sync until quiet: a few rounds over the flaky network, then it heals.
    for (let round = 0; ; round++) {
      if (round === scenario.settleOrder.length) for (const transport of transports) transport.decide = null;
      const order = scenario.settleOrder[round % scenario.settleOrder.length]!;
      if (order === 'both') await Promise.all(devices.map((device) => device.engine.syncNow()));
      else for (const i of order === 'ab' ? [0, 1] : [1, 0]) await devices[i]!.engine.syncNow();
      await untilIdle(devices);
      const outboxes = await Promise.all(devices.map((device) => device.outbox()));
      const quiet = outboxes.every((outbox) => outbox.length === 0) && devices.every((device) => device.engine.getStatus().phase === 'idle');
      if (quiet && round >= scenario.settleOrder.length) break;
      expect(round, 'the devices did not settle').toBeLessThan(scenario.settleOrder.length + 5);
    }
    // A last pull each, so each has seen the other's last push.
    for (const device of devices) await device.engine.syncNow();
    await untilIdle(devices);

    // --- Property 3: both views equal each other and the server.
    const serverProducts = (await t.request<Product[]>('GET', '/api/products', { token: seller.token })).body;
    const serverMenus = (await t.request<Menu[]>('GET', '/api/menus', { token: seller.token })).body;
    for (const device of devices) {
      expect(device.engine.getStatus()).toMatchObject({ phase: 'idle', failures: 0 });
      expect(await device.outbox()).toEqual([]);
      const view = await device.view();
      expect(byId(view.products.values())).toEqual(byId(serverProducts));
      expect(byId(view.menus.values())).toEqual(byId(serverMenus));
      expect(view.user?.id).toBe(seller.user.id);
    }

    // --- Property 1: each mutation processed exactly once: applied once (every other delivery a duplicate),
    // or refused (every later delivery repeats the same refusal, so a lost answer cannot hide it).
    const applied = new Set<string>();
    const refused: Array<{ device: number; seq: number; reason?: string }> = [];
    written.forEach((mine, who) => {
      const outcomes = outcomesBySeq(transports[who]!);
      for (const { seq, mutation } of mine) {
        const firm = (outcomes.get(seq) ?? []).filter((result) => result.outcome !== 'duplicate');
        const label = `device ${who} seq ${seq} ${mutation.name}`;
        expect(firm.length, label).toBeGreaterThanOrEqual(1);
        if (firm[0]!.outcome === 'applied') {
          expect(firm, label).toHaveLength(1);
          applied.add(`${mutation.name} ${(mutation.args as { id: string }).id}`);
        } else {
          expect(new Set(firm.map((result) => `${result.outcome} ${result.reason}`)).size, label).toBe(1);
          refused.push({ device: who, seq, reason: firm[0]!.reason });
        }
      }
      expect([...outcomes.keys()].sort((a, b) => a - b)).toEqual(mine.map((entry) => entry.seq));
    });
    // Ids are made once, so a create applied twice would show up as a 'conflict' refusal.
    expect(refused.filter((refusal) => refusal.reason === 'conflict')).toEqual([]);
    // Property 4: a device shows exactly what the server refused, for the same reason, lost answers or not (a refused
    // new product kept apart, to edit and send again, is shown too).
    for (const [who, device] of devices.entries()) {
      const shown = [...(await device.db.refusals.toArray()), ...(await device.db.keptRefusals.toArray())].map((refusal) => ({
        device: who,
        seq: refusal.seq,
        reason: refusal.reason,
      }));
      expect(shown.sort((a, b) => a.seq - b.seq)).toEqual(refused.filter((refusal) => refusal.device === who).sort((a, b) => a.seq - b.seq));
    }

    // --- No product duplicated; every create not refused exists unless a delete of it was applied; nothing else exists.
    const serverIds = serverProducts.map((product) => product.id);
    expect(new Set(serverIds).size).toBe(serverIds.length);
    const expectedIds = written
      .flat()
      .concat(sharedIds.map((id, seq) => ({ seq, mutation: { name: 'product.create', args: { id, strainName: 'shared' } } })))
      .filter(({ mutation }) => mutation.name === 'product.create')
      .map(({ mutation }) => (mutation.args as { id: string }).id)
      .filter((id) => (sharedIds.includes(id) || applied.has(`product.create ${id}`)) && !applied.has(`product.delete ${id}`));
    expect([...serverIds].sort()).toEqual(expectedIds.sort());
    const expectedMenuIds = written
      .flat()
      .filter(({ mutation }) => mutation.name === 'menu.create')
      .map(({ mutation }) => (mutation.args as { id: string }).id)
      .concat(sharedMenuIds)
      .filter((id) => (sharedMenuIds.includes(id) || applied.has(`menu.create ${id}`)) && !applied.has(`menu.delete ${id}`));
    expect(serverMenus.map((menu) => menu.id).sort()).toEqual(expectedMenuIds.sort());
    // Menus list only live products.
    for (const menu of serverMenus) for (const id of menu.productIds) expect(serverIds).toContain(id);
  } finally {
    await Promise.allSettled(background);
    await untilIdle(devices);
    for (const device of devices) {
      device.close();
      await device.db.delete();
    }
  }
}

describe('Property 3: two devices of one seller converge', () => {
  it('random offline edits on two devices, random interleavings, duplicated / dropped / failed requests: both end equal to the server', async () => {
    await fc.assert(fc.asyncProperty(scenario, runScenario), { ...propertyOptions(NUM_RUNS), endOnFailure: true });
  }, 90_000);
});
