/**
 * The mailbox's accuracy as it stands: the replay of its past mail (the accuracy report) with the
 * mail the assistant filed since folded in, so that the settings screen and the earned autopilot
 * read the same figures and both move as mail arrives and the owner corrects it.
 */
import { type AccuracyReport, withLiveFigures } from '@app/shared/accuracy';
import type { Db } from '../db/client';
import { liveFilings } from './corrections.repository';
import { accuracyReportOf } from './pipeline.repository';

export async function currentAccuracy(db: Db, accountId: string): Promise<AccuracyReport | null> {
  const report = await accuracyReportOf(db, accountId);
  if (!report) return null;
  return withLiveFigures(report, await liveFilings(db, accountId, new Date(report.generatedAt)));
}
