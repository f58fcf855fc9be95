import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';

/** `../shared/corpus` beside the repository (see its README), or CORPUS_DIR. */
export const corpusDir = process.env.CORPUS_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/corpus');

const record = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  cc: z.string(),
  subject: z.string(),
  date: z.string(),
  /** ISO-8601, '' when the Date header does not parse. */
  date_utc: z.string(),
  message_id: z.string(),
  body: z.string(),
  raw: z.string(),
  /** How the original bytes were decoded into `raw`: 'utf-8' or 'latin-1'. */
  raw_decoding: z.string().default('utf-8'),
  label: z.union([z.string(), z.number()]).optional(),
  group: z.string().optional(),
  folder: z.string().optional(),
});
export type CorpusRecord = z.infer<typeof record>;

/** The path of a corpus file (`spamassassin/messages.jsonl.gz`), or null when it is not on this machine. */
export function corpusFile(relative: string): string | null {
  const file = path.join(corpusDir, relative);
  return existsSync(file) ? file : null;
}

/** Every record of a gzip-compressed JSON Lines corpus file, in order. */
export async function* readCorpus(file: string): AsyncGenerator<CorpusRecord> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line) yield record.parse(JSON.parse(line));
  }
}

/** The message's original bytes, as a mail server would hold them. */
export function rawBytes(r: CorpusRecord): Buffer {
  return Buffer.from(r.raw, r.raw_decoding === 'latin-1' ? 'latin1' : 'utf8');
}
