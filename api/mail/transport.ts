/**
 * How a message leaves the server: over SMTP when SMTP_URL is set, otherwise
 * written as an .eml file under DATA_DIR/mail with its subject logged, so a
 * fresh install works and a developer can open what was sent.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../env';

/** A file the message carries (an order's invoice). */
export type MailAttachment = { filename: string; content: Uint8Array; contentType: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments?: MailAttachment[];
};

/** The message as nodemailer takes it: attachments as Buffers. */
const forNodemailer = ({ attachments, ...mail }: OutgoingMail) => ({
  ...mail,
  ...(attachments && { attachments: attachments.map((file) => ({ ...file, content: Buffer.from(file.content) })) }),
});

export type MailTransport = {
  /** Hands the message over; resolves with its Message-ID, rejects when the server did not take it. */
  send(mail: OutgoingMail): Promise<string>;
};

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from, ...forNodemailer(mail) });
      return info.messageId;
    },
  };
}

export function fileTransport(dir: string, from: string, log: (line: string) => void = (line) => console.info(line)): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from, ...forNodemailer(mail) });
      await mkdir(dir, { recursive: true });
      // Named by time first, so a listing of the folder reads in the order the mail was sent.
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`Mail to ${mail.to}: ${mail.subject} (written to ${file})`);
      return info.messageId;
    },
  };
}

export function transportFromEnv(env: Env): MailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : fileTransport(env.mailDir, env.MAIL_FROM);
}
