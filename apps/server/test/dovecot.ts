import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real Dovecot IMAP server for tests, run unprivileged as a child process on a free port with its
 * own config, users and maildirs in a temp directory (see the project's notes on Dovecot).
 */
export const DOVECOT_BINARY = '/usr/sbin/dovecot';

export function dovecotAvailable() {
  return existsSync(DOVECOT_BINARY);
}

/** Skip message for machines without Dovecot; under CI a missing Dovecot is an error, not a skip. */
export function dovecotMissing(): string | null {
  if (dovecotAvailable()) return null;
  if (process.env.CI)
    throw new Error(`Dovecot is required under CI: apt-get install -y dovecot-imapd (${DOVECOT_BINARY} not found)`);
  return 'IMAP tests skipped: install Dovecot with `apt-get install -y dovecot-imapd`';
}

export interface Dovecot {
  host: string;
  port: number;
  dir: string;
  /** Dovecot's log: logins are written there, with `TLS` when the session was encrypted. */
  logFile: string;
  addUser(user: string, pass: string): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** PEM files of the certificate Dovecot offers over STARTTLS, and of its private key. */
export interface DovecotTls {
  certFile: string;
  keyFile: string;
}

/**
 * Without `tls`, no encryption at all; with it, STARTTLS offered on the plain port with that
 * certificate. Dovecot counts loopback connections as secured and takes a login in clear there even
 * with `ssl = required`: whether a session was encrypted is read in the log (`TLS` in its login line).
 */
function sslSettings(tls: DovecotTls | undefined) {
  if (!tls) return 'ssl = no';
  return `ssl = yes
ssl_cert = <${tls.certFile}
ssl_key = <${tls.keyFile}`;
}

function config(dir: string, port: number, runAsRoot: boolean, tls: DovecotTls | undefined) {
  const internalUser = os.userInfo().username;
  const group = runAsRoot ? 'root' : internalUser;
  const uid = runAsRoot ? 65534 : os.userInfo().uid;
  const gid = runAsRoot ? 65534 : os.userInfo().gid;
  const folder = (name: string, use: string) => `  mailbox ${name} {\n    special_use = \\${use}\n    auto = subscribe\n  }`;
  return `instance_name = dovecot-test-${port}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
${sslSettings(tls)}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
login_trusted_networks = 127.0.0.0/8
# Suites connect one mailbox to many app accounts, each held open by the worker (IDLE): Dovecot's
# default of 10 connections per user and IP would refuse the eleventh login.
mail_max_userip_connections = 1000
default_internal_user = ${internalUser}
default_internal_group = ${group}
default_login_user = ${runAsRoot ? 'nobody' : internalUser}
first_valid_uid = 0
mail_location = maildir:${dir}/mail/%u
mail_home = ${dir}/mail/%u
mail_fsync = never
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid}
}
namespace inbox {
  inbox = yes
  separator = /
${folder('Drafts', 'Drafts')}
${folder('Sent', 'Sent')}
${folder('Junk', 'Junk')}
${folder('Trash', 'Trash')}
${folder('Archive', 'Archive')}
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service auth {
  user = ${internalUser}
}
service auth-worker {
  user = ${internalUser}
}
`;
}

/** Resolves once the server greets with its real banner (it may first say it waits for auth). */
async function waitForBanner(port: number, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Dovecot exited with ${child.exitCode}; see ${logFile}`);
    const banner = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let data = '';
      socket.setTimeout(1000, () => socket.destroy());
      socket.on('data', (chunk) => {
        data += chunk.toString();
        if (data.includes('\r\n')) socket.end();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', () => resolve(''));
    });
    if (/^\* OK .*ready\./m.test(banner)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Dovecot did not become ready on port ${port}; see ${logFile}`);
}

export async function startDovecot(
  users: { user: string; pass: string }[] = [],
  options: { tls?: DovecotTls } = {},
): Promise<Dovecot> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dovecot-test-'));
  await chmod(dir, 0o755);
  const runAsRoot = process.getuid?.() === 0;
  await mkdir(path.join(dir, 'mail'), { recursive: true });
  if (runAsRoot) await chown(path.join(dir, 'mail'), 65534, 65534);
  const passwdFile = path.join(dir, 'passwd');
  const passwords = new Map(users.map((u) => [u.user, u.pass]));
  let stamp = Math.floor(Date.now() / 1000);
  const writePasswd = async () => {
    await writeFile(passwdFile, [...passwords].map(([user, pass]) => `${user}:{PLAIN}${pass}::::::\n`).join(''));
    // Dovecot re-reads the file when its mtime changes; writes within one second must still count.
    stamp = Math.max(Math.floor(Date.now() / 1000), stamp + 1);
    await utimes(passwdFile, stamp, stamp);
  };
  await writePasswd();
  const port = await freePort();
  const confFile = path.join(dir, 'dovecot.conf');
  await writeFile(confFile, config(dir, port, runAsRoot, options.tls));
  const child = spawn(DOVECOT_BINARY, ['-F', '-c', confFile], { stdio: 'ignore' });
  const logFile = path.join(dir, 'dovecot.log');
  await waitForBanner(port, child, logFile);
  return {
    host: '127.0.0.1',
    port,
    dir,
    logFile,
    /** Adds a user, or changes the password of an existing one. */
    async addUser(user, pass) {
      passwords.set(user, pass);
      await writePasswd();
      // Dovecot looks at the file at most once per second of its clock: let that second pass.
      await new Promise((r) => setTimeout(r, 1010 - (Date.now() % 1000)));
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!process.env.KEEP_DOVECOT) await rm(dir, { recursive: true, force: true });
    },
  };
}
