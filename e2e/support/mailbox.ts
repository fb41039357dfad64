/** The e2e server has no SMTP_URL, so it writes each email as an .eml file in its data folder: this reads them. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from '@playwright/test';

function mailDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the global setup did not run');
  return join(dir, 'mail');
}

async function messagesTo(address: string): Promise<ParsedMail[]> {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const parsed = await Promise.all(files.map((name) => simpleParser(readFileSync(join(dir, name)))));
  return parsed.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((entry) => entry.address === address));
}

/** Waits for the newest email to `address` with this subject (the server sends in the background). */
export async function latestMailTo(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(address)).filter((mail) => mail.subject === subject).at(-1);
        return Boolean(found);
      },
      { message: `an email "${subject}" to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in the email's text whose path starts with `pathPrefix`. */
export function linkIn(mail: ParsedMail, pathPrefix: string): URL {
  const link = (mail.text ?? '')
    .match(/https?:\/\/\S+/g)
    ?.map((text) => new URL(text))
    .find((url) => url.pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in "${mail.subject}"`);
  return link;
}

/** Waits for the newest email to `address` that carries a link whose path starts with `pathPrefix`, whatever its subject, and returns the link. */
export async function latestLinkTo(address: string, pathPrefix: string): Promise<URL> {
  let found: URL | undefined;
  await expect
    .poll(
      async () => {
        const withLink = (await messagesTo(address)).filter((mail) => (mail.text ?? '').includes(pathPrefix)).at(-1);
        found = withLink && linkIn(withLink, pathPrefix);
        return Boolean(found);
      },
      { message: `an email to ${address} with a ${pathPrefix} link` },
    )
    .toBe(true);
  return found!;
}
