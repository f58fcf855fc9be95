import { setTimeout as sleep } from 'node:timers/promises';
import type { AccuracyReport } from '@app/shared/accuracy';
import type { Server } from './server';

export type UserApi = <T = Record<string, unknown>>(method: string, url: string, body?: object) => Promise<T>;

/** JSON calls to the API as the signed-in user (session cookie); throws on any answer but 2xx. */
export function userApi(server: Server, cookie: string): UserApi {
  return async <T>(method: string, url: string, body?: object) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { origin: server.url, cookie, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
}

/**
 * Waits until the initialisation has completed with every category and its report is there. Each
 * new category queues the initialisation again; should a run have started with fewer categories and
 * taken the last queueing for its own, the initialisation is queued once more (PUT isSyncEnabled).
 */
export async function initialised(
  api: UserApi,
  ids: string[],
  timeoutMs: number,
): Promise<{ report: AccuracyReport; waitMs: number; runMs: number | null }> {
  const started = performance.now();
  let queuedAt = Date.now();
  let runStart: number | null = null;
  for (;;) {
    const s = await api<{ batchStatus: string | null; batchProgress: { done: number; total: number; error?: string } | null }>(
      'GET',
      '/api/email-settings',
    );
    if (s.batchStatus === 'failed') throw new Error(`the initialisation failed: ${s.batchProgress?.error ?? ''}`);
    if (s.batchStatus === 'processing' && s.batchProgress?.total === ids.length) runStart ??= performance.now();
    if (s.batchStatus === 'completed') {
      const report = await api<AccuracyReport | null>('GET', '/api/email-settings/accuracy');
      const complete =
        report &&
        Date.parse(report.generatedAt) >= queuedAt &&
        ids.every((id) => report.categories.some((c) => c.categoryId === id));
      if (complete) return { report, waitMs: since(started), runMs: runStart === null ? null : since(runStart) };
      queuedAt = Date.now();
      runStart = null;
      await api('PUT', '/api/email-settings', { isSyncEnabled: true });
    }
    if (performance.now() - started > timeoutMs) throw new Error(`no report after ${timeoutMs} ms (${s.batchStatus})`);
    await sleep(200);
  }
}

function since(t: number) {
  return Math.round(performance.now() - t);
}
