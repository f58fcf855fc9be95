// Robustness over real, old and malformed mail: the 6,046 messages of the SpamAssassin corpus
// (../shared/corpus/README.md). Runs in the normal suite: about 10 s on the 2-core machine.
import { describe, expect, it } from 'vitest';
import { corpusFile, rawBytes, readCorpus, type CorpusRecord } from '../../../test/corpus';
import { normaliseMessageId } from './normalise';
import { parseMessage } from './parse-message';

const file = corpusFile('spamassassin/messages.jsonl.gz');
if (!file) console.log('parse-corpus: skipped — ../shared/corpus/spamassassin not found (set CORPUS_DIR to where it is)');

interface Tally {
  messages: number;
  idsCompared: number;
  idsVerbatim: number;
  fromsCompared: number;
  fromsLiteral: string[];
  bestEffort: string[];
  problems: string[];
}

/**
 * The corpus's `from` is the decoded header: when it names an address, ours must be in it. Two
 * readings differ on purpose: an encoded word inside an address is no encoded word (RFC 2047 §5),
 * so we keep it as the header wrote it where the corpus decoded it; and undeclared 8-bit bytes become
 * U+FFFD in both readings, but not as many of them, so only the domains can be compared.
 */
function senderVerdict(record: CorpusRecord, address: string | undefined): 'same' | 'literal' | 'wrong' {
  const from = record.from.toLowerCase();
  if (!address) return 'wrong';
  if (from.includes(address)) return 'same';
  const header = /^from:.*$/im.exec(record.raw)?.[0].toLowerCase() ?? '';
  if (header.includes(address)) return 'literal';
  return from.includes('\ufffd') && from.endsWith(address.slice(address.lastIndexOf('@'))) ? 'literal' : 'wrong';
}

async function parseAll(path: string): Promise<Tally> {
  const tally: Tally = {
    messages: 0,
    idsCompared: 0,
    idsVerbatim: 0,
    fromsCompared: 0,
    fromsLiteral: [],
    bestEffort: [],
    problems: [],
  };
  for await (const record of readCorpus(path)) {
    tally.messages++;
    const m = await parseMessage(rawBytes(record));
    if (m.parseError) tally.bestEffort.push(`${record.id}: ${m.parseError}`);
    if (record.message_id.trim()) {
      tally.idsCompared++;
      if (m.messageId === record.message_id.trim()) tally.idsVerbatim++;
      if (m.messageId !== normaliseMessageId(record.message_id)) tally.problems.push(`${record.id}: Message-ID ${m.messageId}`);
    }
    if (record.from.includes('@')) {
      tally.fromsCompared++;
      const verdict = senderVerdict(record, m.from?.address);
      if (verdict === 'literal') tally.fromsLiteral.push(`${record.id}: ${m.from?.address}`);
      if (verdict === 'wrong') tally.problems.push(`${record.id}: From ${m.from?.address}`);
    }
  }
  return tally;
}

describe.skipIf(!file)('parseMessage over the SpamAssassin corpus', () => {
  it('parses every message with its Message-ID and sender', { timeout: 120_000 }, async () => {
    const started = performance.now();
    const tally = await parseAll(file!);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `parse-corpus: ${tally.messages} messages in ${seconds.toFixed(1)} s (${Math.round(tally.messages / seconds)}/s); ` +
        `Message-ID ${tally.idsCompared} compared (${tally.idsVerbatim} verbatim, the rest after normalisation), ` +
        `From ${tally.fromsCompared} compared (${tally.fromsLiteral.length} read literally: ${tally.fromsLiteral.join(', ')}); best-effort: ${tally.bestEffort.length ? tally.bestEffort.join('; ') : 'none'}`,
    );
    expect(tally.problems).toEqual([]);
    expect(tally.messages).toBe(6_046);
  });
});
