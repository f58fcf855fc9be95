import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, testConfig, type TestApp } from '../../../test/harness';
import { startMetricsListener } from './metrics-listener';

/** Prometheus text exposition: `# HELP`/`# TYPE` comments and `name{labels} value` samples. */
function parseMetrics(text: string) {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    // Values as Go's ParseFloat reads them (prom-client writes NaN as `Nan`).
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|nan|[+-]inf)$/i.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const LOCAL = { remoteAddress: '127.0.0.1' };
const REMOTE = { remoteAddress: '203.0.113.7' };

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', ...LOCAL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.body, samples: parseMetrics(res.body) };
  };

  it('answers Prometheus text with the documented names and the process defaults', async () => {
    const { text, samples } = await scrape();
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'mail_pending_messages',
      'mail_sync_errors',
      'mail_unheld_mailboxes',
      'pipeline_workers',
      'credits_debited_total',
      'process_resident_memory_bytes',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(names, name).toContain(name);
    for (const type of [
      '# TYPE http_request_duration_seconds histogram',
      '# TYPE mail_pending_messages gauge',
      '# TYPE mail_sync_lag_seconds gauge',
      '# TYPE mail_sync_errors gauge',
      '# TYPE ai_calls_total counter',
      '# TYPE credits_debited_total counter',
    ])
      expect(text).toContain(type);
  });

  it('labels latency by route pattern and status class, never by the raw URL', async () => {
    // The histogram is the process's: other apps of this file count in it too, hence the differences.
    const countOf = (samples: ReturnType<typeof parseMetrics>, labels: Record<string, string>) =>
      samples.find((s) => s.name === 'http_request_duration_seconds_count' && JSON.stringify(s.labels) === JSON.stringify(labels))
        ?.value ?? 0;
    const message = { method: 'GET', route: '/api/mailbox/messages/:uid', status: '4xx' };
    const health = { method: 'GET', route: '/api/health', status: '2xx' };
    const unmatched = { method: 'GET', route: 'unmatched', status: '4xx' };
    const before = (await scrape()).samples;
    await t.call(null, 'GET', '/api/mailbox/messages/4711');
    await t.call(null, 'GET', '/api/mailbox/messages/4712');
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/not-a-route-9931' });
    const { samples } = await scrape();
    expect(countOf(samples, message) - countOf(before, message)).toBe(2);
    expect(countOf(samples, health) - countOf(before, health)).toBe(1);
    expect(countOf(samples, unmatched) - countOf(before, unmatched)).toBe(1);
    const buckets = samples.filter((s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === message.route);
    expect(buckets.find((b) => b.labels.le === '+Inf')?.value).toBe(countOf(samples, message));
    // The labels, not the whole text: a sample's value (a byte count) may hold the same digits.
    const labelValues = samples.flatMap((s) => Object.values(s.labels));
    expect(labelValues.filter((v) => v.includes('4711') || v.includes('9931'))).toEqual([]);
  });

  it('reads queue depth, sync lag, sync errors, unheld mailboxes and running workers from the database at scrape time', async () => {
    const user = await t.signUp();
    const [box] = await t.database.query<{ id: string }>(
      `INSERT INTO mail_account (user_id, provider, username, connection, secret, response_type, last_synced_at, sync_error)
       VALUES ($1, 'smtp', 'metrics@shop.test', '{"kind":"oauth"}', 'sealed', 0, now() - interval '120 seconds', 'IMAP login failed')
       RETURNING id`,
      [user.id],
    );
    const message = (providerId: string, status: string, attempts = 0) =>
      t.database.query(
        `INSERT INTO mail_message (user_id, mail_account_id, provider_id, folder, status, attempts) VALUES ($1, $2, $3, 'INBOX', $4, $5)`,
        [user.id, box!.id, providerId, status, attempts],
      );
    await message('1', 'new');
    await message('2', 'classified');
    await message('3', 'done');
    await message('4', 'new', 5); // out of attempts: failed for the owner, not waiting
    await t.database.query(
      `INSERT INTO pipeline_worker (id, seen_at) VALUES ('worker-live', now()), ('worker-gone', now() - interval '1 hour')`,
    );

    const { samples } = await scrape();
    const value = (name: string, labels: Record<string, string> = {}) =>
      samples.find((s) => s.name === name && JSON.stringify(s.labels) === JSON.stringify(labels))?.value;
    expect(value('mail_pending_messages')).toBe(2);
    expect(value('mail_sync_errors')).toBe(1);
    expect(value('mail_unheld_mailboxes')).toBe(1);
    expect(value('pipeline_workers')).toBe(1);
    expect(value('mail_sync_lag_seconds', { mailbox: box!.id })).toBeGreaterThanOrEqual(119);
    expect(value('mail_sync_lag_seconds', { mailbox: box!.id })).toBeLessThan(180);

    // The assistant switched off (neither classifying nor answering): the mailbox is no longer worked on.
    await t.database.query(`UPDATE mail_account SET response_type = 0, is_classification_enabled = false WHERE id = $1`, [
      box!.id,
    ]);
    const paused = (await scrape()).samples;
    expect(paused.find((s) => s.name === 'mail_pending_messages')?.value).toBe(0);
    expect(paused.find((s) => s.name === 'mail_sync_errors')?.value).toBe(0);
    expect(paused.find((s) => s.name === 'mail_unheld_mailboxes')?.value).toBe(0);
    expect(paused.filter((s) => s.name === 'mail_sync_lag_seconds')).toEqual([]);
  });

  it('counts the assistant’s AI calls by engine and kind', async () => {
    const before = (await scrape()).samples.find((s) => s.name === 'ai_calls_total' && s.labels.kind === 'assistant')?.value ?? 0;
    const user = await t.signUp();
    const res = await t.call(user, 'POST', '/api/ai/ask', { question: 'How do I connect my mailbox?', promptType: 'ai' });
    expect(res.statusCode).toBe(200);
    const after = (await scrape()).samples.find((s) => s.name === 'ai_calls_total' && s.labels.kind === 'assistant');
    expect(after).toEqual({ name: 'ai_calls_total', labels: { engine: 'local', kind: 'assistant' }, value: before + 1 });
  });

  it('without METRICS_TOKEN, answers only loopback callers that came straight, others get a 404', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/api/metrics', ...REMOTE });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Resource not found', status: 404 });
    expect(remote.body).not.toContain('process_');
    // Through a reverse proxy on this host: the socket is loopback, the caller is not.
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      ...LOCAL,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(proxied.statusCode).toBe(404);
    const v6 = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  const token = 'scrape-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t?.close());

  it('requires the bearer token from everyone, loopback included', async () => {
    for (const [headers, from] of [
      [{}, LOCAL],
      [{ authorization: 'Bearer wrong-token-0123456789' }, LOCAL],
      [{ authorization: `Basic ${token}` }, REMOTE],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers, ...from });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', status: 401 });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
      ...REMOTE,
    });
    expect(res.statusCode).toBe(200);
    expect(parseMetrics(res.body).some((s) => s.name === 'mail_pending_messages')).toBe(true);
  });

  it('refuses a token shorter than 16 characters at startup', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});

describe('the metrics-only listener (METRICS_PORT, for ROLE=worker)', () => {
  it('serves the same metrics on /metrics under the same access rule', async () => {
    const t = await createTestApp();
    const listener = await startMetricsListener({ port: 0, host: '127.0.0.1', database: t.database, token: undefined });
    try {
      const base = `http://127.0.0.1:${listener.port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const samples = parseMetrics(await res.text());
      expect(samples.map((s) => s.name)).toEqual(
        expect.arrayContaining(['mail_pending_messages', 'credits_debited_total', 'process_resident_memory_bytes']),
      );
      expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST', headers: ORIGIN })).status).toBe(404);
    } finally {
      await listener.close();
      await t.close();
    }
  });
});
