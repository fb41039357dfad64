/** Reads what the server queued for an address, as a test's stand-in for opening the inbox. */
import { asc, eq } from 'drizzle-orm';
import type { Services } from '../../context';
import { mailOutbox } from '../../db/schema';

export async function mailTo(services: Services, address: string) {
  return await services.db.read.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(asc(mailOutbox.createdAt)).all();
}

/** The first link in the newest message to `address` whose path starts with `pathPrefix`. */
export async function linkInMailTo(services: Services, address: string, pathPrefix: string): Promise<URL> {
  const latest = (await mailTo(services, address)).at(-1);
  if (!latest) throw new Error(`No mail to ${address}`);
  const found = latest.text
    .match(/https?:\/\/\S+/g)
    ?.map((link) => new URL(link))
    .find((url) => url.pathname.startsWith(pathPrefix));
  if (!found) throw new Error(`No ${pathPrefix} link in "${latest.subject}"`);
  return found;
}
