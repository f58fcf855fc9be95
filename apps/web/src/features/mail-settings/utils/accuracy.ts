import type { AccuracyReport } from '@app/shared/accuracy';

export type AccuracyDisagreement = AccuracyReport['disagreements'][number];
export type AccuracyCategory = AccuracyReport['categories'][number];

/** How many disagreements show before "Show all". */
export const DISAGREEMENTS_SHOWN = 10;

/** The message in the webmail: the inbox opens that folder and that message (inbox/hooks/use-deep-link.ts). */
export const disagreementLink = ({ folder, uid }: Pick<AccuracyDisagreement, 'folder' | 'uid'>) =>
  `/inbox?folder=${encodeURIComponent(folder)}&uid=${encodeURIComponent(uid)}`;

/** A share (0 to 1) as a whole percentage in the user's language: "92%", "92 %". */
export const percentFormat = (language: string) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });

/**
 * A category's measured precision (0 to 1): undefined while nothing is known of the report, null when
 * the report does not measure it (no report yet, a new category, or nothing it would have filed there).
 */
export function measuredPrecision(report: AccuracyReport | null | undefined, categoryId: string | undefined) {
  if (report === undefined) return undefined;
  return report?.categories.find((c) => c.categoryId === categoryId)?.precision ?? null;
}
