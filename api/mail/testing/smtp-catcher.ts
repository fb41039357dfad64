/**
 * A real SMTP server on this machine for tests: it takes messages over SMTP
 * (with a login), parses them and keeps them. It can be stopped and started
 * again on the same port to play a mail server that is down for a while.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'mailer-password';

export type SmtpCatcher = {
  /** smtp://user:password@127.0.0.1:port, for SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** A header exactly as sent (mailparser folds the List-* headers into one object otherwise). */
export function rawHeader(message: ParsedMail, name: string): string | undefined {
  const line = message.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

function newServer(messages: ParsedMail[]): SMTPServer {
  return new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const next = newServer(messages);
      next.on('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.server.address();
        if (typeof address === 'object' && address) port = address.port;
        server = next;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = null;
      if (!running) return resolve();
      running.close(() => resolve());
    });

  await start();
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    messages,
    start,
    stop,
  };
}
