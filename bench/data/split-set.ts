/**
 * Writes DIR/labels.json from the authors' label files (DIR/labels-*.json), each message given a
 * split once: per category and language, a seeded shuffle of the ids, the first half `dev`, the rest
 * `test`. A message already in labels.json keeps its split; the split is never redrawn.
 *
 *   npx tsx bench/data/split-set.ts bench/data/smallbiz
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, 'smallbiz'));
type Label = { category: string | null; language: 'en' | 'fr'; kind?: string; split?: 'dev' | 'test' };
const out = path.join(dir, 'labels.json');
const existing = JSON.parse(await readFile(out, 'utf8').catch(() => '{}')) as Record<string, Label>;
const fresh: Record<string, Label> = {};
for (const file of (await readdir(dir)).filter((f) => /^labels-.+\.json$/.test(f)).sort()) {
  Object.assign(fresh, JSON.parse(await readFile(path.join(dir, file), 'utf8')));
}
const groups = new Map<string, string[]>();
for (const [id, label] of Object.entries(fresh)) {
  if (existing[id]) continue;
  const key = `${label.category}/${label.language}`;
  groups.set(key, [...(groups.get(key) ?? []), id]);
}
let seed = 20261127;
const random = () => ((seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
const labels: Record<string, Label> = { ...existing };
for (const [, ids] of [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
  ids.sort();
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  ids.forEach((id, i) => (labels[id] = { ...fresh[id]!, split: i < ids.length / 2 ? 'dev' : 'test' }));
}
const sorted = Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
await writeFile(out, `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`${Object.keys(sorted).length} labels in ${path.relative(process.cwd(), out)}`);
