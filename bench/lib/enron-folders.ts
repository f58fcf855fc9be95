import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { EngineMessage } from '../../apps/server/src/ai/engine';

/** One record of the Enron corpora (x_folder_removed is never read: it holds the label). */
export interface EnronRecord {
  id: string;
  from: string;
  to: string;
  cc: string;
  subject: string;
  date_utc: string;
  body: string;
  folder?: string;
  label?: number;
}

export const ENRON_USERS = ['beck-s', 'farmer-d', 'kaminski-v', 'kitchen-l', 'lokay-m', 'sanders-r', 'williams-w3'];

/** The records of a gzip JSON Lines file, with only the fields a classifier may see (and the label). */
export async function readJsonl(file: string): Promise<EnronRecord[]> {
  const out: EnronRecord[] = [];
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as EnronRecord & Record<string, unknown>;
    out.push({
      id: r.id,
      from: r.from ?? '',
      to: r.to ?? '',
      cc: r.cc ?? '',
      subject: r.subject ?? '',
      date_utc: r.date_utc ?? '',
      body: r.body ?? '',
      ...(r.folder !== undefined ? { folder: r.folder } : {}),
      ...(r.label !== undefined ? { label: r.label } : {}),
    });
  }
  return out;
}

/** A user's labelled mail in time order (the protocol of ../shared/corpus/README.md). */
export async function loadUser(corpusDir: string, user: string): Promise<EnronRecord[]> {
  const records = await readJsonl(path.join(corpusDir, 'enron-folders7', `${user}.jsonl.gz`));
  return records
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.date_utc < b.r.date_utc ? -1 : a.r.date_utc > b.r.date_utc ? 1 : a.i - b.i))
    .map(({ r }) => r);
}

function addresses(list: string): { name: string; address: string }[] {
  return list
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .map((address) => ({ name: '', address }));
}

/** A record as the pipeline would hand it to an engine (To and Cc together as recipients). */
export function toEngineMessage(r: EnronRecord): EngineMessage {
  const from = r.from.trim();
  return {
    subject: r.subject,
    from: from ? { name: '', address: from } : null,
    to: [...addresses(r.to), ...addresses(r.cc)],
    text: r.body,
    date: r.date_utc ? new Date(r.date_utc) : null,
  };
}

/** Incremental timeline splits: train on the first 100·i messages, test on the next 100. */
export function* timelineSplits(n: number, step = 100): Generator<{ trainEnd: number; testEnd: number }> {
  for (let trainEnd = step; trainEnd < n; trainEnd += step) yield { trainEnd, testEnd: Math.min(trainEnd + step, n) };
}
