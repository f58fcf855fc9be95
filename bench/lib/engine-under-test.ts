import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AiEngine, AiEngineError } from '../../apps/server/src/ai/engine';
import { loadConfig } from '../../apps/server/src/config';
import { engineFor } from '../../apps/server/src/engine-factory';

/** Calls of one kind the engine answered: how many, their time, and the tokens the provider reported. */
export interface Metered {
  calls: number;
  ms: number;
  inputTokens: number;
  outputTokens: number;
  /** Calls whose tokens the provider did not report (the built-in engine reports none). */
  unreported: number;
  /** Calls the model gave no usable answer to, scored as no category or an empty draft. */
  failed: number;
}

export interface EngineUnderTest {
  engine: AiEngine;
  /** 'local', or the provider and model. */
  label: string;
  meter: Record<'classify' | 'draft', Metered>;
}

/**
 * The engine a bench measures: the built-in one, or (`configured`, as `npm run eval` asks) the one
 * the server builds from the environment: an AI provider when AI_PROVIDER is set (engine-factory.ts).
 * Each classification and draft is timed, with its tokens.
 */
export function engineUnderTest(which: 'local' | 'configured'): EngineUnderTest {
  const config = which === 'configured' ? configuredEngine() : { ai: null, label: 'local' };
  const meter = { classify: emptyMeter(), draft: emptyMeter() };
  let current: Metered = meter.classify;
  const engine = engineFor(config, {
    onUsage: (usage) => {
      if (usage.inputTokens === undefined && usage.outputTokens === undefined) return;
      current.inputTokens += usage.inputTokens ?? 0;
      current.outputTokens += usage.outputTokens ?? 0;
      current.unreported--;
    },
  });
  const timed = async <T>(kind: Metered, run: () => Promise<T>, failed: T) => {
    current = kind;
    kind.calls++;
    kind.unreported++;
    const started = performance.now();
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof AiEngineError)) throw error;
      kind.failed++;
      return failed;
    } finally {
      kind.ms += performance.now() - started;
    }
  };
  return {
    label: config.label,
    meter,
    engine: {
      ...engine,
      classify: (message, categories, model) =>
        timed(meter.classify, () => engine.classify(message, categories, model), {
          categoryId: null,
          confidence: 0,
          reason: 'no usable answer',
        }),
      draftReply: (message, context) =>
        timed(meter.draft, () => engine.draftReply(message, context), { text: '', language: 'en' as const }),
    },
  };
}

/** The AI settings the server would read from the environment, and 'local' or the provider and model. */
export function configuredEngine() {
  const { ai } = loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'eval-')) });
  return { ai, label: ai ? `${ai.provider} ${ai.model}` : 'local' };
}

const emptyMeter = (): Metered => ({ calls: 0, ms: 0, inputTokens: 0, outputTokens: 0, unreported: 0, failed: 0 });

/** One line: latency and tokens per call. */
export function meterLine(kind: string, m: Metered): string {
  if (m.calls === 0) return `${kind}: no call`;
  const tokens =
    m.unreported === m.calls
      ? 'tokens not reported'
      : `${Math.round(m.inputTokens / (m.calls - m.unreported))} input + ${Math.round(m.outputTokens / (m.calls - m.unreported))} output tokens per call`;
  return `${kind}: ${m.calls} calls (${m.failed} without a usable answer), ${(m.ms / m.calls).toFixed(1)} ms per call, ${tokens}`;
}
