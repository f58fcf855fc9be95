import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The house's shape (docs/architecture.md): no import cycle in either app, and the lint's layer rules
 * refuse an import against the layer order in every folder of the server.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !f.includes(`${path.sep}testing${path.sep}`) && !f.includes(`${path.sep}test${path.sep}`));
}

/** The files each file imports at run time (type-only imports and exports left out), resolved to paths. */
function importGraph(srcDir: string, alias?: string) {
  const files = new Set(sourceFiles(srcDir));
  const resolve = (from: string, spec: string) => {
    const base =
      alias && spec.startsWith(`${alias}/`)
        ? path.join(srcDir, spec.slice(alias.length + 1))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(from), spec)
          : null;
    if (!base) return null;
    return (
      [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) => files.has(f)) ??
      null
    );
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const targets: string[] = [];
    for (const node of source.statements) {
      let spec: ts.Expression | undefined;
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        const typeOnly =
          clause?.isTypeOnly ||
          (clause &&
            !clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly));
        if (!typeOnly) spec = node.moduleSpecifier;
      } else if (ts.isExportDeclaration(node) && !node.isTypeOnly) spec = node.moduleSpecifier;
      const target = spec && ts.isStringLiteral(spec) ? resolve(file, spec.text) : null;
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan): the import cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(path.relative(ROOT, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

describe('the import structure', () => {
  it('finds a cycle where there is one', () => {
    const graph = new Map([
      [path.join(ROOT, 'a.ts'), [path.join(ROOT, 'b.ts')]],
      [path.join(ROOT, 'b.ts'), [path.join(ROOT, 'c.ts')]],
      [path.join(ROOT, 'c.ts'), [path.join(ROOT, 'a.ts')]],
      [path.join(ROOT, 'd.ts'), [path.join(ROOT, 'a.ts')]],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has no import cycle in the server', () => {
    expect(cycles(importGraph(path.join(ROOT, 'apps/server/src')))).toEqual([]);
  });

  it('has no import cycle in the web app', () => {
    expect(cycles(importGraph(path.join(ROOT, 'apps/web/src'), '@'))).toEqual([]);
  });
});

describe('the lint’s layer rules', () => {
  const eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });
  /** Lints `code` as if it were the given existing file of the server. */
  const problems = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'apps/server/src', file) });
    return result!.messages.map((m) => m.message);
  };

  // One file of each folder, each with an import that points the wrong way.
  const wrong: [string, string, RegExp][] = [
    ['modules/knowledge/knowledge.service.ts', "import { startWorker } from '../../worker';", /composition roots/],
    ['modules/knowledge/knowledge.service.ts', "import { findAccount } from '../../pipeline/pipeline.repository';", /repository/],
    ['modules/knowledge/knowledge.service.ts', "import { listPrompts } from '../prompts/prompts.repository';", /repository/],
    ['pipeline/classify.ts', "import { accuracyReport } from '../modules/mail-settings/accuracy';", /pipeline must not/],
    ['pipeline/classify.ts', "import { currentUser } from '../http/auth-guard';", /pipeline must not/],
    ['pipeline/classify.ts', "import { engineFor } from '../engine-factory';", /pipeline must not/],
    ['pipeline/classify.ts', "import { newText } from '../ai/local/draft';", /engine-factory/],
    ['modules/assistant/assistant.service.ts', "import { createLlmEngine } from '../../ai/llm/llm-engine';", /engine-factory/],
    ['http/csrf.ts', "import { registerKnowledgeRoutes } from '../modules/knowledge/knowledge.routes';", /toolkit/],
    ['http/csrf.ts', "import { startPipeline } from '../pipeline/worker';", /toolkit/],
    ['http/csrf.ts', "import { buildApp } from '../api';", /toolkit/],
    ['ai/local/draft.ts', "import { toEngineMessage } from '../../pipeline/classify';", /Infrastructure/],
    ['ai/engine.ts', "import { listKnowledge } from '../modules/knowledge/knowledge.service';", /Infrastructure/],
    ['mail/port.ts', "import { currentUser } from '../http/auth-guard';", /Infrastructure/],
    ['db/client.ts', "import { startWorker } from '../worker';", /Infrastructure/],
    ['notifications/mailer.ts', "import { buildApp } from '../api';", /Infrastructure/],
    ['credits/ledger.ts', "import { findAccount } from '../pipeline/pipeline.repository';", /Infrastructure|repository/],
    [
      'security/secret-box.ts',
      "import { mailSettingsDeps } from '../modules/mail-settings/mail-settings.service';",
      /Infrastructure/,
    ],
    ['metrics/counters.ts', "import { liveWindowMs } from '../pipeline/worker-share';", /Infrastructure/],
    ['access/actor.ts', "import { requireAccount } from '../modules/mail-settings/mail-settings.service';", /Infrastructure/],
    ['worker.ts', "import { findReferrerId } from './modules/subscriptions/subscriptions.repository';", /repository/],
  ];

  it.each(wrong)('refuses, in %s, %s', async (file, code, message) => {
    const found = await problems(file, code);
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((m) => message.test(m))).toBe(true);
  });

  it('lets imports that follow the layers through, and a repository’s row types', async () => {
    expect(
      await problems(
        'modules/knowledge/knowledge.service.ts',
        "import { forbidden } from '../../errors';\nimport { debit } from '../../credits/ledger';",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'pipeline/classify.ts',
        "import { parseMessage } from '../mail/mime/parse-message';\nimport * as repo from './pipeline.repository';",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'modules/webhooks/mailbox-push.ts',
        "import type { MailAccountRow } from '../../pipeline/ingest.repository';",
      ),
    ).toEqual([]);
  });
});
