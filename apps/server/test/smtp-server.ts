import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { freePort } from './dovecot';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  host: string;
  port: number;
  received: ReceivedMail[];
  addUser(user: string, pass: string): void;
  /** The next message is received but not answered (its sender waits) until `release`. */
  holdNextMessage(): { arrived: Promise<void>; release(): void };
  stop(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free port that requires a login and keeps
 * what it receives. `secure: true` makes it speak TLS at once with the package's self-signed
 * certificate, which a client that checks certificates must refuse. `starttls` offers STARTTLS with
 * the given certificate and key (PEM) and refuses a login before it, as a real submission server
 * does. With `spoolDir`, each message received is also written there as JSON (`{ from, to, raw }`):
 * the recipients' copies, for tests in another process (the end-to-end specs).
 */
export async function startSmtpServer(
  users: { user: string; pass: string }[] = [],
  options: { secure?: boolean; starttls?: { cert: string; key: string }; spoolDir?: string } = {},
): Promise<TestSmtpServer> {
  const accounts = new Map(users.map((u) => [u.user, u.pass]));
  const received: ReceivedMail[] = [];
  let hold: { arrive(): void; released: Promise<void> } | null = null;
  const serverOptions: SMTPServerOptions = {
    secure: options.secure ?? false,
    ...(options.starttls && { cert: options.starttls.cert, key: options.starttls.key }),
    authOptional: false,
    allowInsecureAuth: !options.starttls,
    disabledCommands: options.secure || options.starttls ? [] : ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (accounts.get(auth.username ?? '') === auth.password) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const held = hold;
        hold = null;
        held?.arrive();
        void (held?.released ?? Promise.resolve()).then(() => {
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          };
          received.push(mail);
          if (options.spoolDir)
            writeFileSync(path.join(options.spoolDir, `${Date.now()}-${received.length}.json`), JSON.stringify(mail));
          callback();
        });
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    host: '127.0.0.1',
    port,
    received,
    addUser: (user, pass) => accounts.set(user, pass),
    holdNextMessage() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      hold = { arrive, released: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived, release };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
