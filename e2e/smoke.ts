// A smoke run of the real server on the embedded PGlite default: start it as `npm start` does,
// sign up, verify through the outbox link, and use the knowledge API.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { freePort, linkFromOutbox, startApp, tempDataDir, waitFor } from './server-process';

const dataDir = tempDataDir();
const app = await startApp({ port: await freePort(), dataDir, env: { DATABASE_URL: '' } });
const origin = { origin: app.url, 'content-type': 'application/json' };
let checks = 0;
const check = (name: string, fn: () => void) => {
  fn();
  checks++;
  console.log(`  ✓ ${name}`);
};

try {
  const health = (await (await fetch(`${app.url}/api/health`)).json()) as { db: string };
  check('health answers on PGlite', () => assert.equal(health.db, 'pglite'));

  const page = await fetch(`${app.url}/home`);
  check('the SPA is served on its routes', () => assert.match(page.headers.get('content-type') ?? '', /text\/html/));

  const email = `smoke-${Date.now()}@example.com`;
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email, password: 'Secret1!', name: email }),
  });
  check('sign-up succeeds', () => assert.equal(signUp.status, 200));

  let link: string | null = null;
  await waitFor(async () => Boolean((link = linkFromOutbox(dataDir, email, '/api/auth/verify-email'))), 10_000, 'the verification mail');
  const verified = await fetch(link!, { redirect: 'manual' });
  const cookie = verified.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  check('the outbox link verifies and signs in', () => assert.ok(cookie.includes('session_token')));

  const created = await fetch(`${app.url}/api/data`, { method: 'POST', headers: { ...origin, cookie }, body: JSON.stringify({ title: 'Smoke', text: 'test' }) });
  check('a knowledge entry is created', () => assert.equal(created.status, 201));
  const list = (await (await fetch(`${app.url}/api/data?search=smoke`, { headers: { cookie } })).json()) as { totalCount: number };
  check('and found by search', () => assert.equal(list.totalCount, 1));
  console.log(`smoke: ${checks} passed, 0 failed`);
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
