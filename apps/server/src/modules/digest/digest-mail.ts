import type { MailLanguage } from '@app/shared/profile';
import type { SystemMail } from '../../notifications/mailer';
import { escapeHtml } from '../../notifications/templates';
import { digestTexts, type DigestTexts } from './digest-texts';

/** Below this many messages filed by the AI, a share says nothing (issue 36, item 4). */
export const ACCURACY_MIN_MESSAGES = 5;

export type DigestContent = {
  language: MailLanguage;
  timeZone: string;
  from: Date;
  to: Date;
  /** Per category (null: none, left where it arrived; `spam`: likely spam, marked). */
  handled: { category: string | null; spam: boolean; count: number }[];
  drafts: number;
  replies: number;
  inDoubt: { subject: string; to: string[]; startedAt: Date | null }[];
  corrections: { count: number; latest: { subject: string; from: string | null; to: string | null }[] };
  heldBack: { count: number; latest: { subject: string; action: string | null; reason: string }[] };
  /** AI-filed messages and how many of them were corrected: the day, and the 7 days before it. */
  accuracy: { day: { filed: number; corrected: number }; week: { filed: number; corrected: number } };
};

/** Nothing happened in the window: no digest is sent (an older send in doubt alone does not count). */
export function isQuietDay(c: DigestContent): boolean {
  return (
    c.handled.length === 0 &&
    c.drafts === 0 &&
    c.replies === 0 &&
    c.corrections.count === 0 &&
    c.heldBack.count === 0 &&
    !c.inDoubt.some((s) => s.startedAt && s.startedAt >= c.from && s.startedAt < c.to)
  );
}

/** A subject fit for one line: control characters out, at most 120 characters. */
function oneLine(subject: string, t: DigestTexts) {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const clean = subject.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return clean ? (clean.length > 120 ? `${clean.slice(0, 119)}…` : clean) : t.noSubject;
}

const share = (x: { filed: number; corrected: number }) => Math.round((100 * (x.filed - x.corrected)) / x.filed);

/** The accuracy line: the day's share of AI-filed mail not corrected, against the 7 days before. */
export function accuracyLine(a: DigestContent['accuracy'], t: DigestTexts): string {
  const week = a.week.filed >= ACCURACY_MIN_MESSAGES ? t.accuracyWeek(share(a.week), a.week.filed) : t.accuracyWeekFew;
  if (a.day.filed < ACCURACY_MIN_MESSAGES) return t.accuracyLine(t.accuracyFew, week);
  const day = share(a.day);
  if (a.week.filed < ACCURACY_MIN_MESSAGES) return t.accuracyLine(t.accuracy(day, a.day.filed), week);
  const diff = day - share(a.week);
  const trend = diff > 0 ? t.trend.up(diff) : diff < 0 ? t.trend.down(-diff) : t.trend.steady;
  return t.accuracyLine(t.accuracy(day, a.day.filed), week, trend);
}

type Block = { line: string; items?: string[] };

/** The digest's sections, in order, each a line and its items; the text and HTML parts render them. */
export function digestBlocks(c: DigestContent): Block[] {
  const t = digestTexts[c.language];
  const blocks: Block[] = [];
  const total = c.handled.reduce((sum, h) => sum + h.count, 0);
  blocks.push({
    line: t.handled(total),
    items: c.handled.map((h) => t.countItem(h.spam ? t.likelySpam : (h.category ?? t.noCategory), h.count)),
  });
  blocks.push({ line: t.drafts(c.drafts) }, { line: t.replies(c.replies) });
  if (c.inDoubt.length > 0) {
    blocks.push({
      line: t.inDoubt(c.inDoubt.length),
      items: c.inDoubt.map((s) => t.inDoubtItem(oneLine(s.subject, t), s.to.join(', '))),
    });
  }
  const more = (shown: number, count: number) => (count > shown ? [t.more(count - shown)] : []);
  blocks.push({
    line: t.corrections(c.corrections.count),
    items: [
      ...c.corrections.latest.map((x) =>
        x.to === null
          ? t.correctionNone(oneLine(x.subject, t), x.from ?? '—')
          : t.correctionMoved(oneLine(x.subject, t), x.from ?? '—', x.to),
      ),
      ...more(c.corrections.latest.length, c.corrections.count),
    ],
  });
  blocks.push({
    line: t.heldBack(c.heldBack.count),
    items: [
      ...c.heldBack.latest.map((h) =>
        h.action === null
          ? t.heldSpam(oneLine(h.subject, t))
          : t.heldItem(
              oneLine(h.subject, t),
              t.actions[h.action as keyof DigestTexts['actions']] ?? h.action,
              t.reasons[h.reason] ?? t.reasons.other!,
            ),
      ),
      ...more(c.heldBack.latest.length, c.heldBack.count),
    ],
  });
  blocks.push({ line: accuracyLine(c.accuracy, t) });
  return blocks;
}

/** The digest as a system mail in the owner's language: plain text and simple HTML, every owner-sent string escaped. */
export function digestMail(c: DigestContent, to: string, links: { activity: string; off: string; profile: string }): SystemMail {
  const t = digestTexts[c.language];
  const at = new Intl.DateTimeFormat(c.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: c.timeZone });
  const day = new Intl.DateTimeFormat(c.language, { dateStyle: 'long', timeZone: c.timeZone }).format(c.to);
  const intro = t.intro(at.format(c.from), at.format(c.to));
  const blocks = digestBlocks(c);
  const text = [
    t.greeting,
    '',
    intro,
    '',
    ...blocks.flatMap((b) => [b.line, ...(b.items ?? []).map((item) => `  - ${item}`)]),
    '',
    t.link(t.activityLink, links.activity),
    t.link(t.offLink, links.off),
    t.link(t.profileHint, links.profile),
    '',
  ].join('\n');
  const e = escapeHtml;
  const a = (href: string, label: string) => `<a href="${e(href)}">${e(label)}</a>`;
  const html =
    `<p>${e(t.greeting)}</p><p>${e(intro)}</p>` +
    blocks
      .map((b) => `<p>${e(b.line)}</p>` + (b.items?.length ? `<ul>${b.items.map((i) => `<li>${e(i)}</li>`).join('')}</ul>` : ''))
      .join('') +
    `<p>${a(links.activity, t.activityLink)}</p>` +
    `<p style="color:#666">${a(links.off, t.offLink)} · ${a(links.profile, t.profileHint)}</p>`;
  return { to, subject: t.subject(day), text, html, links: [links.activity, links.off, links.profile] };
}
