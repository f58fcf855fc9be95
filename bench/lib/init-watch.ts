import { setTimeout as sleep } from 'node:timers/promises';
import type { AccuracyReport } from '@app/shared/accuracy';
import type { UserApi } from './user-api';

export interface BatchState {
  batchStatus: string | null;
  batchProgress: { job?: string; done: number; total: number; error?: string } | null;
}

export interface InitialisationWatch {
  /** The first report covering every category, generated after the last one was created; null on timeout. */
  report: AccuracyReport | null;
  /** Milliseconds from `t0` until that report could be read, then until batchStatus was completed. */
  reportMs: number | null;
  completedMs: number | null;
  /** Initialisation runs seen (each category created queues one; a run under way takes the queueing along). */
  runs: number;
  /** The last run over every category: when it was first seen processing, when it had read every folder (ms from `t0`). */
  finalRun: { startMs: number | null; readMs: number | null };
  /** Times the initialisation was queued again (PUT isSyncEnabled) because a run ended without every category. */
  requeued: number;
  last: BatchState;
}

/**
 * Polls GET /api/email-settings and GET /api/email-settings/accuracy every `everyMs` until the report
 * covers every category of `ids` (generated at or after `createdAfter`, epoch ms) and batchStatus is
 * completed, or `timeoutMs` passed (then `report` is null). `onState` hears every poll (the kill
 * scenario stops the worker from there). Fails when the initialisation fails.
 */
export async function watchInitialisation(
  api: UserApi,
  opts: {
    ids: string[];
    createdAfter: number;
    t0: number;
    /** A function when the deadline moves (read at each poll). */
    timeoutMs: number | (() => number);
    everyMs?: number;
    onState?: (state: BatchState, elapsedMs: number) => void | Promise<void>;
  },
): Promise<InitialisationWatch> {
  const n = opts.ids.length;
  const out: InitialisationWatch = {
    report: null,
    reportMs: null,
    completedMs: null,
    runs: 0,
    finalRun: { startMs: null, readMs: null },
    requeued: 0,
    last: { batchStatus: null, batchProgress: null },
  };
  let previous: BatchState = out.last;
  let createdAfter = opts.createdAfter;
  for (;;) {
    const elapsed = () => Math.round(performance.now() - opts.t0);
    const s = await api<BatchState>('GET', '/api/email-settings');
    out.last = { batchStatus: s.batchStatus, batchProgress: s.batchProgress };
    if (s.batchStatus === 'failed') throw new Error(`the initialisation failed: ${s.batchProgress?.error ?? ''}`);
    const p = s.batchProgress;
    if (s.batchStatus === 'processing' && p) {
      const before = previous.batchStatus === 'processing' ? previous.batchProgress : null;
      if (!before || p.total !== before.total || p.done < before.done) {
        out.runs++;
        if (p.total === n) out.finalRun = { startMs: elapsed(), readMs: null };
      }
      if (p.total === n && p.done === n) out.finalRun.readMs ??= elapsed();
    }
    previous = out.last;
    await opts.onState?.(out.last, elapsed());
    if (!out.report) {
      const report = await api<AccuracyReport | null>('GET', '/api/email-settings/accuracy');
      const complete =
        report &&
        Date.parse(report.generatedAt) >= createdAfter &&
        opts.ids.every((id) => report.categories.some((c) => c.categoryId === id));
      if (complete) {
        out.report = report;
        out.reportMs = elapsed();
      } else if (s.batchStatus === 'completed') {
        // A run that started before the last category took the last queueing for its own: queue again.
        createdAfter = Date.now();
        out.requeued++;
        await api('PUT', '/api/email-settings', { isSyncEnabled: true });
      }
    }
    if (out.report && s.batchStatus === 'completed') {
      out.completedMs = elapsed();
      return out;
    }
    const timeoutMs = typeof opts.timeoutMs === 'function' ? opts.timeoutMs() : opts.timeoutMs;
    if (performance.now() - opts.t0 > timeoutMs) return out;
    await sleep(opts.everyMs ?? 200);
  }
}
