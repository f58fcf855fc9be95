import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

export interface Mail {
  title: string;
  text: string;
}

const TEXT_MAX = 3_000;
/** The Enron corpora; SpamAssassin is left out, it is not what users keep as knowledge. */
const ENRON_DIRS = ['enron-folders7', 'enron-berkeley'];

/** Every Enron message once (by Message-ID): subject → title, body (up to 3,000 characters) → text. */
export async function loadEnron(corpusDir: string): Promise<Mail[]> {
  const seen = new Set<string>();
  const mails: Mail[] = [];
  for (const dir of ENRON_DIRS) {
    const files = (await readdir(path.join(corpusDir, dir))).filter((f) => f.endsWith('.jsonl.gz')).sort();
    for (const file of files) {
      const lines = createInterface({
        input: createReadStream(path.join(corpusDir, dir, file)).pipe(createGunzip()),
        crlfDelay: Infinity,
      });
      for await (const line of lines) {
        const m = JSON.parse(line) as { message_id: string; subject: string; body: string };
        if (seen.has(m.message_id)) continue;
        seen.add(m.message_id);
        // PostgreSQL text cannot hold NUL characters.
        const clean = (s: string) => s.replace(/\0/g, '').trim();
        mails.push({ title: clean(m.subject).slice(0, 500) || '(no subject)', text: clean(m.body).slice(0, TEXT_MAX) });
      }
    }
  }
  return mails;
}

/**
 * `count` entries from the corpus in a fixed pseudo-random order (so that words do not cluster in time).
 * The first pass is the messages as they are; each further pass pairs every subject with another
 * message's body, so that entries stay distinct while the word frequencies stay those of real mail.
 */
export function* entries(mails: Mail[], count: number): Generator<Mail> {
  const order = shuffled(mails.length);
  for (let i = 0; i < count; i++) {
    const pass = Math.floor(i / mails.length);
    const j = order[i % mails.length]!;
    yield { title: mails[j]!.title, text: mails[(j + pass * 7_919) % mails.length]!.text };
  }
}

/** A deterministic permutation of 0..n-1 (Fisher–Yates driven by a 32-bit LCG). */
export function shuffled(n: number): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  let seed = 42;
  for (let i = n - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
    const k = seed % (i + 1);
    [a[i], a[k]] = [a[k]!, a[i]!];
  }
  return a;
}
