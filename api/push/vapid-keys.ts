/**
 * The VAPID key pair pushes are signed with: the configured one, else a pair made once and kept in the database, so
 * a server started as it is can push, and every process sharing the database signs with the same pair.
 */
import webpush from 'web-push';
import type { Database } from '../db/database';
import { keepServerKey, readServerKey } from '../db/repositories/push';
import type { Env } from '../env';

export type VapidDetails = { publicKey: string; privateKey: string; subject: string };

const PUBLIC_NAME = 'vapid-public-key';
const PRIVATE_NAME = 'vapid-private-key';

/** How push services reach the operator: VAPID_SUBJECT, else the support address, else the sender of emails. */
export function vapidSubject(env: Env): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const address = env.SUPPORT_EMAIL ?? /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address}`;
}

export class VapidKeys {
  private loaded: Promise<VapidDetails> | null = null;

  constructor(
    private readonly db: Database,
    private readonly env: Env,
    private readonly now: () => Date,
  ) {}

  get(): Promise<VapidDetails> {
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    return this.loaded;
  }

  private async load(): Promise<VapidDetails> {
    const subject = vapidSubject(this.env);
    if (this.env.VAPID_PUBLIC_KEY && this.env.VAPID_PRIVATE_KEY) return { publicKey: this.env.VAPID_PUBLIC_KEY, privateKey: this.env.VAPID_PRIVATE_KEY, subject };
    const kept = await this.kept();
    if (kept) return { ...kept, subject };
    const made = webpush.generateVAPIDKeys();
    // Both halves in one transaction, each kept only if none is yet: the pair read back is whichever process made it first.
    await this.db.transaction(async (tx) => {
      await keepServerKey(tx.db, PUBLIC_NAME, made.publicKey, this.now());
      await keepServerKey(tx.db, PRIVATE_NAME, made.privateKey, this.now());
    });
    const pair = await this.kept();
    if (!pair) throw new Error('The VAPID key pair could not be kept in the database');
    return { ...pair, subject };
  }

  private async kept(): Promise<{ publicKey: string; privateKey: string } | null> {
    const [publicKey, privateKey] = await Promise.all([readServerKey(this.db.read, PUBLIC_NAME), readServerKey(this.db.read, PRIVATE_NAME)]);
    return publicKey && privateKey ? { publicKey, privateKey } : null;
  }
}
