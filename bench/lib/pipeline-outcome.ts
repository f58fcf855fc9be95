import type { ImapFlow } from 'imapflow';
import { openDatabase } from '../../apps/server/src/db/client';
import { folderEnvelopes, percentiles } from './mail-servers';
import type { Prepared } from './pipeline-mailboxes';

/** A message offered during the measure, with the times its APPEND started and ended (ms since the epoch). */
export type Offered = Prepared & { startedAt: number; appendedAt: number };

interface Row extends Record<string, unknown> {
  message_id: string;
  status: string;
  skip_reason: string | null;
  created_at: Date;
  processed_at: Date | null;
  draft_status: string | null;
  draft_detail: string | null;
  draft_done: Date | null;
  move_done: Date | null;
  category: string | null;
  last_error: string | null;
}

/**
 * Every message row of the run with its draft and move, read once the server has stopped: from the
 * PostgreSQL database (`url`) or by opening the server's PGlite directory from this process.
 */
export async function readRows(where: { url?: string; pgliteDir: string }): Promise<Map<string, Row>> {
  const database = await openDatabase({ url: where.url, pgliteDir: where.pgliteDir, poolSize: 1 });
  try {
    const rows = await database.query<Row>(
      `SELECT m.message_id, m.status, m.skip_reason, m.created_at, m.processed_at, m.last_error, c.name AS category,
              d.status AS draft_status, d.detail AS draft_detail, d.done_at AS draft_done, mv.done_at AS move_done
         FROM mail_message m
         LEFT JOIN mail_category c ON c.id = m.category_id
         LEFT JOIN mail_action d ON d.mail_message_id = m.id AND d.kind = 'draft'
         LEFT JOIN mail_action mv ON mv.mail_message_id = m.id AND mv.kind = 'move'`,
    );
    return new Map(rows.map((r) => [r.message_id, r]));
  } finally {
    await database.close();
  }
}

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

/**
 * Why the pipeline wrote no draft for a message on purpose, or null when a draft is due: mail the spam
 * model takes for likely spam is only marked (no draft action), and the guard before each draft skips
 * suspected spam, automatic mail and the like (the draft action skipped, its reason in `detail`).
 */
function noDraftReason(r: Row | undefined): string | null {
  if (r?.skip_reason === 'LIKELY_SPAM') return 'likely spam';
  if (r?.draft_status === 'skipped') return r.draft_detail ?? 'skipped';
  return null;
}

/**
 * Per busy message: APPEND → filed (the move's done_at, or processed_at when it stays in the INBOX) and
 * APPEND → draft stored (the draft action's done_at); per quiet message APPEND → filed. Throughput from
 * the first APPEND's start `t0`: the measured messages done over the time to the last one done, the
 * backlog when the last APPEND ended (appended, not yet done) and the drain after it.
 */
export function analyse(rows: Map<string, Row>, busy: Offered[], quiet: Offered[], t0: number) {
  const filed: number[] = [];
  const drafted: number[] = [];
  const ingested: number[] = [];
  const quietFiled: number[] = [];
  const doneAt: number[] = [];
  const problems: string[] = [];
  const categories: Record<string, number> = {};
  const noDraftByDesign: Record<string, number> = {};
  for (const m of busy) {
    const r = rows.get(m.messageId);
    if (!r) {
      problems.push(`${m.messageId}: never ingested`);
      continue;
    }
    if (r.status !== 'done') problems.push(`${m.messageId}: ${r.status} ${r.last_error ?? ''}`);
    ingested.push(ms(r.created_at)! - m.appendedAt);
    const filedAt = ms(r.move_done) ?? ms(r.processed_at);
    if (filedAt !== null) filed.push(filedAt - m.appendedAt);
    const draftAt = ms(r.draft_done);
    const noDraft = noDraftReason(r);
    if (noDraft) noDraftByDesign[noDraft] = (noDraftByDesign[noDraft] ?? 0) + 1;
    if (draftAt !== null) drafted.push(draftAt - m.appendedAt);
    else if (!noDraft) problems.push(`${m.messageId}: draft ${r.draft_status ?? 'missing'}`);
    if (m.acme && r.category !== 'Clients/Acme') problems.push(`${m.messageId}: from acme but filed as ${r.category}`);
    if (r.status === 'done') doneAt.push(Math.max(filedAt ?? 0, draftAt ?? 0, ms(r.processed_at) ?? 0));
    categories[r.category ?? '(inbox)'] = (categories[r.category ?? '(inbox)'] ?? 0) + 1;
  }
  for (const m of quiet) {
    const r = rows.get(m.messageId);
    const filedAt = r && (ms(r.move_done) ?? ms(r.processed_at));
    if (r?.status !== 'done' || !filedAt)
      problems.push(`quiet ${m.messageId}: ${r ? `${r.status} ${r.last_error ?? ''}` : 'never ingested'}`);
    else quietFiled.push(filedAt - m.appendedAt);
  }
  const lastAppend = Math.max(...busy.map((m) => m.appendedAt));
  const lastDone = doneAt.length ? Math.max(...doneAt) : NaN;
  const starts = busy.map((m) => m.startedAt);
  return {
    latencyMs: { filed: percentiles(filed), draft: percentiles(drafted), appendToIngested: percentiles(ingested) },
    quietFiledMs: percentiles(quietFiled),
    throughput: {
      /** APPENDs started per second (their starts' spacing: the rate asked for unless the appender fell behind). */
      offeredPerSecond: round2((busy.length - 1) / ((Math.max(...starts) - Math.min(...starts)) / 1000)),
      processedPerSecond: round2(doneAt.length / ((lastDone - t0) / 1000)),
      backlogAtLastAppend: busy.length - doneAt.filter((t) => t <= lastAppend).length,
      drainMs: Math.round(lastDone - lastAppend),
      offeringSeconds: round2((lastAppend - t0) / 1000),
      done: doneAt.length,
    },
    categories,
    noDraftByDesign,
    problems,
  };
}

export type Folders = Awaited<ReturnType<typeof readFolders>>;

/** The busy mailbox's Drafts (drafts per In-Reply-To) and Clients/Acme (Message-IDs), over IMAP. */
export async function readFolders(owner: ImapFlow) {
  const drafts = await folderEnvelopes(owner, 'Drafts');
  const draftsPer = new Map<string, number>();
  for (const d of drafts) draftsPer.set(d.inReplyTo, (draftsPer.get(d.inReplyTo) ?? 0) + 1);
  const acme = new Set((await folderEnvelopes(owner, 'Clients/Acme')).map((e) => e.messageId));
  return { draftsInDrafts: drafts.length, draftsPer, acme };
}

/**
 * Exactly one draft in Drafts per message, threaded by In-Reply-To (none for a message held back on
 * purpose, see `noDraftReason`); Clients/Acme holds exactly the measured Acme mail.
 */
export function folderProblems(folders: Folders, rows: Map<string, Row>, all: Prepared[], measured: Prepared[]) {
  const problems: string[] = [];
  for (const p of all) {
    const want = noDraftReason(rows.get(p.messageId)) ? 0 : 1;
    const found = folders.draftsPer.get(p.messageId) ?? 0;
    if (found !== want) problems.push(`${p.messageId}: ${found} drafts in Drafts, expected ${want}`);
  }
  const acmeExpected = measured.filter((m) => m.acme);
  const acmeMissing = acmeExpected.filter((m) => !folders.acme.has(m.messageId)).length;
  if (acmeMissing || folders.acme.size !== acmeExpected.length)
    problems.push(`Clients/Acme holds ${folders.acme.size} messages, expected ${acmeExpected.length} (${acmeMissing} missing)`);
  return problems;
}

function round2(x: number) {
  return Math.round(x * 100) / 100;
}
