import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * This process's own metrics (issue 9): process defaults, HTTP latency, AI calls and credits
 * debited. Counters count what this process did: with `ROLE=api` and `ROLE=worker` apart, the
 * pipeline's AI calls and debits are on the worker's metrics, the assistant's on the API's.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});

export const aiCalls = new Counter({
  name: 'ai_calls_total',
  help: 'AI engine calls made by this process, by engine and kind',
  labelNames: ['engine', 'kind'] as const,
  registers: [processRegistry],
});

export const creditsDebited = new Counter({
  name: 'credits_debited_total',
  help: 'Credits debited by this process (new ledger entries, not idempotent replays)',
  registers: [processRegistry],
});
