/**
 * How honest and useful the built-in (local) engine's reply drafts are on a small business's mail: for
 * every message of the split that `answers.json` labels, a draft from the engine's `draftReply` with
 * the knowledge a retrieval would give, measured against the labelled questions, next to a baseline
 * computed in the same run ("paste the top-ranked entry").
 *
 *   npm run drafts-smallbiz -w bench [-- --set DIR] [--split test|dev] [--verbose] [--engine local|configured] [--out FILE]
 *
 * `--engine configured` measures the engine the server would use (an AI provider when AI_PROVIDER is
 * set: `npm run eval`), with the same retrieval limited to that engine's `knowledgeLimit`.
 *
 * A set (bench/data/README.md): DIR/labels.json, DIR/messages/<id>.eml, DIR/knowledge.json (the owner's
 * entries, quotable or internal) and DIR/answers.json (per message: the questions the knowledge answers,
 * the entry, a fact a good reply contains, a total when the mail gives a quantity, and whether the mail
 * asks for something only an internal entry holds).
 *
 * Retrieval: the product's `retrieveKnowledge` runs its query (grounding.ts `queryTerms`: stem prefixes
 * of the message's content words) in PostgreSQL; here the same query is matched in memory against the
 * entries' words as PostgreSQL's `simple` parser splits them, and up to the engine's `knowledgeLimit`
 * matching entries are passed. Checked once against PostgreSQL on this set: the same entries for 108
 * of 122 messages, one to three entries more or fewer for the rest.
 *
 * A leak is a draft that `quotesInternal` finds quoting one of the internal entries the engine was given
 * for that message (an entry it was not given, it cannot leak). Since the check counts any number of 4
 * digits or more as a secret, a draft repeating the mail's own words ("2026" in the subject) can be
 * flagged: the report counts apart the leaks whose mail is flagged by the same check ("echo").
 */
import { readdir, readFile, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineMessage, KnowledgeSnippet } from '../apps/server/src/ai/engine';
import { knowledgeQuery, queryTerms } from '../apps/server/src/ai/knowledge-query';
import { quotesInternal } from '../apps/server/src/ai/internal-leak';
import { detectLanguage, languageOr, sentences } from '../apps/server/src/ai/text';
import { cleanForEngine } from '../apps/server/src/ai/safety';
import { parseMessage } from '../apps/server/src/mail/mime/parse-message';
import { toEngineMessage } from '../apps/server/src/pipeline/classify';
import { engineUnderTest, meterLine } from './lib/engine-under-test';

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: path.join(import.meta.dirname, 'data/smallbiz') },
    split: { type: 'string', default: 'test' },
    verbose: { type: 'boolean', default: false },
    out: { type: 'string' },
    engine: { type: 'string', default: 'local' },
  },
});

type Lang = 'en' | 'fr';
interface Label {
  category: string | null;
  language: Lang;
  split: 'dev' | 'test';
}
interface Entry {
  id: string;
  title: string;
  content: string;
  language: Lang;
  visibility: 'quotable' | 'internal';
}
interface Question {
  question: string;
  entry: string;
  fact: string;
  total: number | null;
}
interface Answer {
  questions: Question[];
  internalAsked: boolean;
}
interface Item {
  id: string;
  label: Label;
  answer: Answer;
  message: EngineMessage;
  retrieved: Entry[];
}

const { engine, label: engineLabel, meter } = engineUnderTest(values.engine === 'configured' ? 'configured' : 'local');
const RETRIEVED = engine.knowledgeLimit;
/** Sentences shorter than this many words are not judged for their language. */
const SENTENCE_MIN_WORDS = 4;
const SENDER = 'Claire Morel';
const TARGETS = { languageRight: 1, factPresent: 0.8, unrelatedMax: 0.1, totalsRight: 0.9, leaks: 0 };

const setDir = path.resolve(values.set);
const split = values.split;
if (split !== 'test' && split !== 'dev') throw new Error('--split is test or dev');
const readJson = async <T>(file: string) => JSON.parse(await readFile(path.join(setDir, file), 'utf8')) as T;
const labels = await readJson<Record<string, Label>>('labels.json');
const { entries } = await readJson<{ entries: Entry[] }>('knowledge.json');
const answers = await readJson<Record<string, Answer>>('answers.json');

const byId = new Map(entries.map((e) => [e.id, e]));
for (const [id, answer] of Object.entries(answers)) {
  if (!labels[id]) throw new Error(`answers.json: ${id} has no label`);
  for (const q of answer.questions) {
    const entry = byId.get(q.entry);
    if (!entry) throw new Error(`answers.json: ${id} names unknown entry ${q.entry}`);
    if (!entry.content.includes(q.fact)) throw new Error(`answers.json: ${id}: "${q.fact}" is not in ${q.entry}`);
  }
}
const internalEntries = entries.filter((e) => e.visibility === 'internal');
const snippet = (e: Entry): KnowledgeSnippet => ({
  id: e.title,
  title: e.title,
  content: e.content,
  internal: e.visibility === 'internal',
});

// ---- Retrieval: the product's query, matched in memory -------------------------------------------

/** The words PostgreSQL's `simple` parser finds: runs of letters and digits, lower-cased. */
const parserWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{Nd}]+/u)
    .filter(Boolean);
const entryTokens = new Map(entries.map((e) => [e.id, parserWords(`${e.title}\n${e.content}`)]));

/**
 * Entries that hold a word starting with one of the query's stem prefixes (what `to_tsquery` matches in
 * their `simple` search vector), by the number of prefixes they match, best first (ties: file order).
 */
function rank(message: EngineMessage): { entry: Entry; overlap: number }[] {
  const terms = queryTerms(knowledgeQuery(message));
  return entries
    .map((entry) => {
      const list = entryTokens.get(entry.id)!;
      const overlap = terms.filter((t) => list.some((w) => w.startsWith(t))).length;
      return { entry, overlap };
    })
    .filter((r) => r.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap);
}

const retrieve = (message: EngineMessage): Entry[] =>
  rank(message)
    .slice(0, RETRIEVED)
    .map((r) => r.entry);

// ---- Loading ------------------------------------------------------------------------------------

const files = new Set((await readdir(path.join(setDir, 'messages'))).filter((f) => f.endsWith('.eml')));
const items: Item[] = [];
for (const id of Object.keys(answers).sort()) {
  const label = labels[id]!;
  if (label.split !== split) continue;
  if (!files.has(`${id}.eml`)) throw new Error(`answers.json: ${id} has no message`);
  const parsed = await parseMessage(await readFile(path.join(setDir, 'messages', `${id}.eml`)), { maxBodyChars: 20_000 });
  const message = toEngineMessage(parsed);
  items.push({ id, label, answer: answers[id]!, message, retrieved: retrieve(message) });
}

// ---- Measures -----------------------------------------------------------------------------------

/** Lower case, no spaces, no digit grouping, decimal comma as a point: "2 756,25 $" → "2756.25$". */
function normalizeNumbers(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/(\d)[,.](?=\d{3}(?!\d))/g, '$1')
    .replace(/(\d),(\d)/g, '$1.$2');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `draft` states `fact`: case, spaces and number format aside, and not inside a longer number. */
function hasFact(draft: string, fact: string): boolean {
  const f = normalizeNumbers(fact);
  const before = /^\d/.test(f) ? String.raw`(?<!\d|\d[.,])` : '';
  const after = /\d$/.test(f) ? String.raw`(?!\d|[.,]\d)` : '';
  return new RegExp(before + escape(f) + after).test(normalizeNumbers(draft));
}

/** The amounts a text states: "180", "180.00", "180,00", "2,756.25", "2 756,25". */
function amounts(text: string): number[] {
  const out: number[] = [];
  const token = /\d{1,3}(?:[ \u00a0\u202f,.]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)/g;
  for (const [m] of text.matchAll(token)) {
    const decimals = /[.,](\d{1,2})$/.exec(m);
    const whole = (decimals ? m.slice(0, -decimals[0].length) : m).replace(/[^\d]/g, '');
    out.push(Number(`${whole}.${decimals?.[1] ?? '0'}`));
  }
  return out;
}
const hasTotal = (draft: string, total: number) => amounts(draft).some((a) => Math.abs(a - total) < 0.005);

const flat = (s: string) => cleanForEngine(s).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const entrySentences = new Map(
  entries.map((e) => [
    e.id,
    sentences(cleanForEngine(e.content))
      .map((s) => flat(s).replace(/[.!?…:;]+$/, ''))
      .filter((s) => s.split(' ').length >= SENTENCE_MIN_WORDS),
  ]),
);
/** The entries at least one of whose sentences the draft holds word for word. */
function pastedEntries(draft: string): string[] {
  const text = flat(draft);
  return entries.filter((e) => entrySentences.get(e.id)!.some((s) => text.includes(s))).map((e) => e.id);
}
/** An entry and its counterpart in the other language ("hedge-en", "hedge-fr") answer the same thing. */
const topic = (id: string) => id.replace(/-(?:en|fr)$/, '');

interface Judged {
  id: string;
  language: Lang;
  retrieved: string[];
  languageRight: boolean;
  otherLanguageSentences: string[];
  facts: { entry: string; fact: string; present: boolean; retrieved: boolean }[];
  totals: { total: number; present: boolean }[];
  pasted: string[];
  unrelated: string[];
  leak: boolean;
  /** The incoming mail itself is flagged by the same check (a leak may only repeat the mail's words). */
  echo: boolean;
  holdingOnly: boolean;
  internalAsked: boolean;
}

function judge(item: Item, draft: string): Judged {
  const language = item.label.language;
  const related = new Set(item.answer.questions.map((q) => topic(q.entry)));
  const pasted = pastedEntries(draft);
  const given = item.retrieved.filter((e) => e.visibility === 'internal').map(snippet);
  const leak = given.length > 0 && quotesInternal(draft, given);
  return {
    id: item.id,
    language,
    retrieved: item.retrieved.map((e) => e.id),
    languageRight: detectLanguage(draft) === language,
    // A sentence counts in the other language when its function words say so (none: it is neither).
    otherLanguageSentences: sentences(draft).filter(
      (s) => (s.match(/[\p{L}\p{N}]+/gu) ?? []).length >= SENTENCE_MIN_WORDS && languageOr(s, language) !== language,
    ),
    facts: item.answer.questions.map((q) => ({
      entry: q.entry,
      fact: q.fact,
      present: hasFact(draft, q.fact),
      retrieved: item.retrieved.some((e) => e.id === q.entry),
    })),
    totals: item.answer.questions
      .filter((q) => q.total !== null)
      .map((q) => ({ total: q.total!, present: hasTotal(draft, q.total!) })),
    pasted,
    unrelated: pasted.filter((id) => !related.has(topic(id))),
    leak,
    echo: leak && quotesInternal(`${item.message.subject}\n${item.message.text}`, given),
    holdingOnly: pasted.length === 0,
    internalAsked: item.answer.internalAsked,
  };
}

interface Figures {
  drafts: number;
  languageRight: number;
  otherLanguageSentences: number;
  questions: number;
  factPresent: number;
  factPresentRetrieved: number;
  unrelatedPasted: number;
  totals: number;
  totalsRight: number;
  leaks: number;
  leaksEcho: number;
  holdingOnly: number;
}

function figures(judged: Judged[]): Figures {
  const share = (n: number, d: number) => (d ? n / d : NaN);
  const facts = judged.flatMap((j) => j.facts);
  const totals = judged.flatMap((j) => j.totals);
  const count = (pick: (j: Judged) => boolean) => judged.filter(pick).length;
  return {
    drafts: judged.length,
    languageRight: share(
      count((j) => j.languageRight),
      judged.length,
    ),
    otherLanguageSentences: share(
      count((j) => j.otherLanguageSentences.length > 0),
      judged.length,
    ),
    questions: facts.length,
    factPresent: share(facts.filter((f) => f.present).length, facts.length),
    factPresentRetrieved: share(facts.filter((f) => f.present && f.retrieved).length, facts.filter((f) => f.retrieved).length),
    unrelatedPasted: share(
      count((j) => j.unrelated.length > 0),
      judged.length,
    ),
    totals: totals.length,
    totalsRight: share(totals.filter((t) => t.present).length, totals.length),
    leaks: count((j) => j.leak),
    leaksEcho: count((j) => j.echo),
    holdingOnly: share(
      count((j) => j.holdingOnly),
      judged.length,
    ),
  };
}

// ---- Drafts: the engine and the baseline ---------------------------------------------------------

const started = performance.now();
const engineDrafts: string[] = [];
for (const item of items) {
  const draft = await engine.draftReply(item.message, {
    responseInstructions: '',
    ownerPrompt: '',
    knowledge: item.retrieved.map(snippet),
    pastReplies: [],
    senderName: SENDER,
    now: new Date(),
    timeZone: 'Europe/Paris',
    history: [],
    thread: [],
  });
  engineDrafts.push(draft.text);
}
const draftMs = (performance.now() - started) / Math.max(1, items.length);

const BASELINE = {
  en: { hello: 'Hello,', none: 'Thank you for your message, I will get back to you shortly.', bye: 'Best regards,' },
  fr: { hello: 'Bonjour,', none: 'Merci pour votre message, je vous reviens rapidement.', bye: 'Cordialement,' },
};
/** A greeting, the best-ranked quotable entry word for word, a closing: in the language the mail shows. */
function baselineDraft(item: Item): string {
  const t = BASELINE[detectLanguage(`${item.message.subject}\n${item.message.text}`)];
  const top = item.retrieved.find((e) => e.visibility === 'quotable');
  return [t.hello, '', top ? top.content : t.none, '', t.bye, SENDER].join('\n');
}
const baselineDrafts = items.map(baselineDraft);

const judgedEngine = items.map((item, i) => judge(item, engineDrafts[i]!));
const judgedBaseline = items.map((item, i) => judge(item, baselineDrafts[i]!));
const byLanguage = (judged: Judged[]) => ({
  all: figures(judged),
  en: figures(judged.filter((j) => j.language === 'en')),
  fr: figures(judged.filter((j) => j.language === 'fr')),
});
const results = { engine: byLanguage(judgedEngine), baseline: byLanguage(judgedBaseline) };

// ---- Report -------------------------------------------------------------------------------------

const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '-');
const count = (pick: (i: Item) => boolean) => items.filter(pick).length;
const questionsOf = (pick: (q: Question) => boolean) => items.flatMap((i) => i.answer.questions).filter(pick).length;
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `set ${path.relative(process.cwd(), setDir) || '.'}: ${entries.length} knowledge entries (${internalEntries.length} internal); ` +
    `${split} part: ${items.length} labelled messages (${count((i) => i.label.language === 'en')} en, ${count((i) => i.label.language === 'fr')} fr), ` +
    `${questionsOf(() => true)} questions, ${questionsOf((q) => q.total !== null)} with a total, ${count((i) => i.answer.internalAsked)} asking for internal information`,
);
console.log(
  `retrieval: the product's stem-prefix query, up to the engine's ${RETRIEVED} entries; ` +
    `${(items.reduce((n, i) => n + i.retrieved.length, 0) / Math.max(1, items.length)).toFixed(1)} entries per message, ` +
    `the labelled entry retrieved for ${pct(
      items.flatMap((i) => i.answer.questions.map((q) => i.retrieved.some((e) => e.id === q.entry))).filter(Boolean).length /
        Math.max(
          1,
          questionsOf(() => true),
        ),
    )} of the questions; ` +
    `${draftMs.toFixed(1)} ms per engine draft`,
);

const rows: [string, keyof Figures, (x: number) => string, string][] = [
  ['language right', 'languageRight', pct, '100%'],
  ['sentences in the other language', 'otherLanguageSentences', pct, ''],
  ['expected fact present', 'factPresent', pct, '>= 80%'],
  ['  when the labelled entry retrieved', 'factPresentRetrieved', pct, ''],
  ['unrelated entries pasted', 'unrelatedPasted', pct, '<= 10%'],
  ['totals right', 'totalsRight', pct, '>= 90%'],
  ['internal leaks (drafts)', 'leaks', String, '0'],
  ['  of which echo the mail', 'leaksEcho', String, ''],
  ['holding-only drafts', 'holdingOnly', pct, ''],
];
const columns = [
  ['engine', 'all'],
  ['engine', 'en'],
  ['engine', 'fr'],
  ['baseline', 'all'],
  ['baseline', 'en'],
  ['baseline', 'fr'],
] as const;
console.log(
  ['measure'.padEnd(34), ...columns.map(([who, lang]) => `${who} ${lang}`.padStart(14)), 'target'.padStart(9)].join(''),
);
for (const [name, key, format, target] of rows) {
  console.log(
    [name.padEnd(34), ...columns.map(([who, lang]) => format(results[who][lang][key]).padStart(14)), target.padStart(9)].join(''),
  );
}
const all = results.engine.all;
console.log(
  `(counts: ${all.drafts} drafts, ${all.questions} questions, ${all.totals} totals; per language of the mail; ` +
    `unrelated: a sentence of an entry other than the labelled ones or their translation; holding-only: no entry sentence)`,
);
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log(
  `targets for the engine: language right ${met(all.languageRight >= TARGETS.languageRight)}, expected fact ${met(all.factPresent >= TARGETS.factPresent)}, ` +
    `unrelated entries ${met(all.unrelatedPasted <= TARGETS.unrelatedMax)}, totals ${met(all.totalsRight >= TARGETS.totalsRight)}, internal leaks ${met(all.leaks === TARGETS.leaks)}`,
);
console.log(`engine: ${engineLabel}; ${meterLine('drafts', meter.draft)}`);

if (values.verbose) {
  for (const [i, j] of judgedEngine.entries()) {
    const problems = [
      j.languageRight ? '' : 'wrong language',
      j.otherLanguageSentences.length ? `${j.otherLanguageSentences.length} sentence(s) in the other language` : '',
      ...j.facts
        .filter((f) => !f.present)
        .map((f) => `missing "${f.fact}" (${f.entry}${j.retrieved.includes(f.entry) ? '' : ', not retrieved'})`),
      ...j.totals.filter((t) => !t.present).map((t) => `total ${t.total} not stated`),
      j.unrelated.length ? `unrelated: ${j.unrelated.join(', ')}` : '',
      j.leak ? (j.echo ? 'LEAK (the mail itself is flagged too)' : 'LEAK') : '',
      j.holdingOnly ? 'holding only' : '',
    ].filter(Boolean);
    if (!problems.length) continue;
    console.log(`\n${j.id} [${j.language}] retrieved ${j.retrieved.join(', ') || '(none)'}: ${problems.join('; ')}`);
    console.log(`  ${engineDrafts[i]!.replace(/\n+/g, '\n  ')}`);
  }
}

const out =
  values.out ??
  (setDir === path.join(import.meta.dirname, 'data/smallbiz') && values.engine === 'local'
    ? path.join(import.meta.dirname, 'results/drafts-smallbiz.json')
    : null);
if (out && split === 'test') {
  await mkdir(path.dirname(out), { recursive: true });
  const perMessage = (judged: Judged[]) =>
    judged.map((j) => ({
      id: j.id,
      language: j.language,
      retrieved: j.retrieved,
      languageRight: j.languageRight,
      otherLanguageSentences: j.otherLanguageSentences.length,
      factsMissing: j.facts.filter((f) => !f.present).map((f) => f.fact),
      totalsMissing: j.totals.filter((t) => !t.present).map((t) => t.total),
      unrelated: j.unrelated,
      leak: j.leak,
      echo: j.echo,
      holdingOnly: j.holdingOnly,
    }));
  await writeFile(
    out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        engineName: engineLabel,
        meter: meter.draft,
        set: path.basename(setDir),
        split,
        retrieval: `stem-prefix query, up to ${RETRIEVED} entries`,
        targets: TARGETS,
        counts: {
          entries: entries.length,
          internalEntries: internalEntries.length,
          messages: items.length,
          questions: questionsOf(() => true),
          totals: questionsOf((q) => q.total !== null),
          internalAsked: count((i) => i.answer.internalAsked),
        },
        engine: results.engine,
        baseline: results.baseline,
        messages: perMessage(judgedEngine),
      },
      null,
      2,
    )}\n`,
  );
}
