import type { AccuracyReport } from '@app/shared/accuracy';

export type AccuracyDisagreement = AccuracyReport['disagreements'][number];
export type AccuracyCategory = AccuracyReport['categories'][number];
export type AccuracyReplies = AccuracyReport['replies'];
export type AccuracyReplyExample = AccuracyReplies['examples'][number];
export type AccuracyInbox = NonNullable<AccuracyReport['inbox']>;

/** How many disagreements show before "Show all". */
export const DISAGREEMENTS_SHOWN = 10;

/** The message in the webmail: the inbox opens that folder and that message (inbox/hooks/use-deep-link.ts). */
export const disagreementLink = ({ folder, uid }: Pick<AccuracyDisagreement, 'folder' | 'uid'>) =>
  `/inbox?folder=${encodeURIComponent(folder)}&uid=${encodeURIComponent(uid)}`;

/** Lines of a draft or reply shown before "Show more". */
export const REPLY_LINES_SHOWN = 8;

/**
 * Whether a draft or reply is likely longer than REPLY_LINES_SHOWN lines in its column: more lines
 * than that, or more characters than such a column holds on a wide screen (an estimate, not measured).
 */
export const isLongText = (text: string) => text.split('\n').length > REPLY_LINES_SHOWN || text.length > 480;

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
