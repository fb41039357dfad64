/**
 * One seller's device under load, speaking the sync protocol as the app does:
 * mutations wait in an outbox until a push acknowledges them, then a pull
 * must bring their rows back. The device keeps a ledger of every
 * acknowledged mutation, to hold the database to afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '../../../sync/entities/user';
import type { MutationName } from '../../../sync/contract/mutations';
import type { PullResponse, PushResponse } from '../../../sync/contract/protocol';
import type { Tally } from './tally';
import { jsonOf, type TimedClient } from './timed-client';

/** Products each seller's public menu shows. */
export const PRODUCTS_PER_MENU = 20;

type Outgoing = { seq: number; name: MutationName; args: { id: string } & Record<string, unknown> };

/** A product quantity as the form sends it, from thousandths: 12250 is "12.250". */
const quantityText = (thousandths: number) => (thousandths / 1000).toFixed(3);

export class SellerDevice {
  readonly clientId = randomUUID();
  userId = '';
  publicLinkId = '';
  private token = '';
  private outbox: Outgoing[] = [];
  private nextSeq = 1;
  private cursor = 0;
  private changes = 0;

  /** The highest sequence the server acknowledged. */
  acknowledgedSeq = 0;
  /** Mutations acknowledged by the server, of each name. */
  readonly acknowledged = new Map<MutationName, number>();
  /** Every product an acknowledged mutation created, with the quantity the last acknowledged change gave it, in thousandths. */
  readonly expectedQuantities = new Map<string, number>();

  constructor(private readonly index: number) {}

  /** Registers (a new seller is on a trial, so may write) and shares a public menu of PRODUCTS_PER_MENU products. */
  async setUp(client: TimedClient, tally: Tally, password: string): Promise<void> {
    const registered = await client.send('POST', '/api/auth/register', {
      json: { email: `seller-${this.index}-${this.clientId}@load.test`, password, firstName: `Seller ${this.index}`, role: 'seller' },
    });
    if (registered.status !== 201) throw new Error(`Registering seller ${this.index} answered ${registered.status}: ${registered.body.toString()}`);
    const auth = jsonOf<AuthResponse>(registered);
    this.token = auth.token;
    this.userId = auth.user.id;

    const productIds = Array.from({ length: PRODUCTS_PER_MENU }, () => this.queueNewProduct());
    this.publicLinkId = randomUUID();
    this.queue('menu.create', { id: randomUUID(), publicLinkId: this.publicLinkId, name: `Seller ${this.index} wholesale`, isPublic: true, productIds });
    if (!(await this.sync(client, tally))) throw new Error(`Seller ${this.index} could not set up: ${tally.errors.examples.join('; ')}`);
  }

  /** One round as a busy seller makes it: a new product and two quantity changes, pushed, then pulled back. */
  async step(client: TimedClient, tally: Tally): Promise<void> {
    this.queueNewProduct();
    const known = [...this.expectedQuantities.keys()];
    for (let i = 0; i < 2; i += 1) {
      const id = known[Math.floor(Math.random() * known.length)]!;
      this.queue('product.update', { id, changes: { availableQuantity: quantityText(this.nextQuantity()) } });
    }
    await this.sync(client, tally);
  }

  /** Sends what a failed round left in the outbox, then pulls; true once nothing waits. */
  async syncWaiting(client: TimedClient, tally: Tally): Promise<boolean> {
    return this.outbox.length === 0 || this.sync(client, tally);
  }

  private queueNewProduct(): string {
    const id = randomUUID();
    const quantity = this.nextQuantity();
    this.queue('product.create', {
      id,
      strainName: `Seller ${this.index} lot ${this.changes}`,
      pricePerUnit: '1200.00',
      unitType: 'lb',
      availableQuantity: quantityText(quantity),
    });
    return id;
  }

  /** A quantity no earlier change of this device used, so the last one acknowledged is recognisable afterwards. */
  private nextQuantity(): number {
    this.changes += 1;
    return this.changes * 1000 + 250;
  }

  private queue(name: MutationName, args: Outgoing['args']): void {
    this.outbox.push({ seq: this.nextSeq++, name, args });
  }

  /** Push then pull; false when either went wrong (counted in the tally), the outbox then kept for the next round. */
  private async sync(client: TimedClient, tally: Tally): Promise<boolean> {
    const pushed = await this.push(client, tally);
    return pushed !== null && (await this.pull(client, tally, pushed));
  }

  /** The ids of the products the acknowledged mutations touched, or null. */
  private async push(client: TimedClient, tally: Tally): Promise<Set<string> | null> {
    const sent = this.outbox;
    try {
      const answer = await client.send('POST', '/api/sync/push', { headers: this.auth(), json: { clientId: this.clientId, mutations: sent } });
      tally.pushes.add(answer.ms);
      if (answer.status !== 200) throw new Error(`${answer.status} ${answer.body.toString().slice(0, 200)}`);
      const { lastProcessedSeq, results } = jsonOf<PushResponse>(answer);
      const refused = results.filter((result) => result.outcome === 'refused');
      if (refused.length > 0) throw new Error(`refused ${JSON.stringify(refused)}`);
      const last = sent.at(-1)!.seq;
      if (lastProcessedSeq !== last) throw new Error(`acknowledged up to ${lastProcessedSeq} of ${last}`);
    } catch (error) {
      tally.errors.add(`push by seller ${this.index}`, error);
      return null;
    }
    this.outbox = [];
    this.acknowledgedSeq = sent.at(-1)!.seq;
    const touched = new Set<string>();
    for (const mutation of sent) {
      this.acknowledged.set(mutation.name, (this.acknowledged.get(mutation.name) ?? 0) + 1);
      if (mutation.name === 'menu.create') continue;
      const quantity = (mutation.name === 'product.create' ? mutation.args : (mutation.args.changes as Record<string, unknown>)).availableQuantity;
      this.expectedQuantities.set(mutation.args.id, Math.round(Number(quantity) * 1000));
      touched.add(mutation.args.id);
    }
    return touched;
  }

  /** The pull after a push must say the push was processed and bring back every product it touched. */
  private async pull(client: TimedClient, tally: Tally, touched: Set<string>): Promise<boolean> {
    try {
      const answer = await client.send('GET', `/api/sync/pull?cursor=${this.cursor}&clientId=${this.clientId}`, { headers: this.auth() });
      tally.pulls.add(answer.ms);
      if (answer.status !== 200) throw new Error(`${answer.status} ${answer.body.toString().slice(0, 200)}`);
      const pulled = jsonOf<PullResponse>(answer);
      if (pulled.lastProcessedSeq !== this.acknowledgedSeq) throw new Error(`processed ${pulled.lastProcessedSeq}, acknowledged ${this.acknowledgedSeq}`);
      const ids = new Set(pulled.products.map((product) => product.id));
      const missing = [...touched].filter((id) => !ids.has(id));
      if (missing.length > 0) throw new Error(`missing products ${missing.join(', ')}`);
      this.cursor = pulled.cursor;
      return true;
    } catch (error) {
      tally.errors.add(`pull by seller ${this.index}`, error);
      return false;
    }
  }

  private auth(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }
}
