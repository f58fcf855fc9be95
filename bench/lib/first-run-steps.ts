import type { AccuracyReport } from '@app/shared/accuracy';
import type { MailboxSelection } from './enron-mailbox';
import type { UserApi } from './user-api';

/** EXAMPLES_PER_CATEGORY of apps/server/src/modules/mail-settings/mail-settings.jobs.ts (not exported). */
export const READ_PER_FOLDER = 2_500;

export type Ports = { imap: number; smtp: number };

/** As an owner: the mailbox connected, then one AI category per folder. The clock starts before the connection. */
export async function connectAndCreate(
  api: UserApi,
  box: MailboxSelection,
  ports: Ports,
  mailbox: { user: string; pass: string },
  range: { start: string; end: string },
) {
  const t0 = performance.now();
  await api('POST', '/api/email-settings', {
    provider: 'smtp',
    responseType: 0,
    isClassificationEnabled: true,
    isSyncEnabled: true,
    fetchRangeDates: range,
    settings: {
      host: 'localhost',
      port: ports.smtp,
      user: mailbox.user,
      pass: mailbox.pass,
      imapHost: 'localhost',
      imapPort: ports.imap,
    },
  });
  const folderOf = new Map<string, string>();
  let createdAfter = Date.now();
  for (const f of box.folders) {
    createdAfter = Date.now();
    const instruction = f.folder.replace(/[_/-]+/g, ' ').trim();
    const c = await api('POST', '/api/email-settings/categories', { classifierType: 'ai', name: f.folder, instruction });
    folderOf.set(String(c.id), f.folder);
  }
  return { t0, folderOf, createdAfter, categoriesMs: Math.round(performance.now() - t0) };
}

/** What the report counted against what the initialisation can read: min(READ_PER_FOLDER, folder) per category. */
export function counted(report: AccuracyReport | null, box: MailboxSelection, folderOf: Map<string, string>) {
  const kept = new Map(box.folders.map((f) => [f.folder, f.kept]));
  const expected = [...folderOf.values()].reduce((s, f) => s + Math.min(READ_PER_FOLDER, kept.get(f)!), 0);
  if (!report) return { judged: null, expected, perCategoryAsExpected: false, sumOfFiledIsJudged: false };
  const perCategoryAsExpected = report.categories.every(
    (c) => c.filed === Math.min(READ_PER_FOLDER, kept.get(folderOf.get(c.categoryId)!) ?? -1),
  );
  const sumOfFiledIsJudged = report.categories.reduce((s, c) => s + c.filed, 0) === report.judged;
  return { judged: report.judged, expected, perCategoryAsExpected, sumOfFiledIsJudged };
}
