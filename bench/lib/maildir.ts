import { chown, link, mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Dovecot } from '../../apps/server/test/dovecot';

/** Under root Dovecot runs the mail user as nobody (see ../apps/server/test/dovecot.ts). */
const owner = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : null;

async function ownedDir(dir: string) {
  await mkdir(dir, { recursive: true });
  if (owner) await chown(dir, owner.uid, owner.gid);
}

/**
 * The same INBOX for every user, written straight into Dovecot's maildirs (APPENDing tens of thousands
 * of messages takes minutes): the messages are written once into a template directory, then hard-linked
 * into each user's `cur` (maildir files are never modified, only renamed, so sharing them is safe).
 * A third of them are read (`S`). Dovecot indexes each maildir on its first access.
 */
export async function fillInboxes(dovecot: Dovecot, users: string[], messages: Buffer[]) {
  const template = path.join(dovecot.dir, 'inbox-template');
  await ownedDir(template);
  const base = Math.floor(Date.now() / 1000) - messages.length;
  const names: string[] = [];
  for (const [i, content] of messages.entries()) {
    const name = `${base + i}.M${i}P${process.pid}.bench,S=${content.length}:2,${i % 3 === 0 ? 'S' : ''}`;
    const file = path.join(template, name);
    await writeFile(file, content);
    if (owner) await chown(file, owner.uid, owner.gid);
    await utimes(file, base + i, base + i);
    names.push(name);
  }
  for (const user of users) {
    const home = path.join(dovecot.dir, 'mail', user);
    for (const sub of ['', 'cur', 'new', 'tmp']) await ownedDir(path.join(home, sub));
    await Promise.all(names.map((name) => link(path.join(template, name), path.join(home, 'cur', name))));
  }
}
