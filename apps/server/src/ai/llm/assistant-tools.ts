import { tool } from 'ai';
import { z } from 'zod';
import type { ActivityItem, AssistantCategory, AssistantTools, SentItem } from '../assistant';
import type { KnowledgeSnippet } from '../engine';
import { wallClockInstant } from '../period';
import { cleanUntrustedText } from '../safety';

/**
 * The chat assistant's read-only lookups as AI SDK tools (issue 39, item 4). The model's arguments
 * are untrusted: a field it gets wrong (a date that is not one, a number given as text) falls back
 * to its default instead of failing the call, and every result is plain data, small and capped,
 * which the system prompt says is never an instruction. Internal knowledge entries come back by
 * title only: their content never reaches the model through a tool.
 */
const DAY = 24 * 60 * 60 * 1000;
const ACTIVITY_DAYS = 7;
const SENT_DAYS = 30;
const MAX_ACTIVITY = 50;
const DEFAULT_ACTIVITY = 20;
const MAX_SENT = 10;
const MAX_KNOWLEDGE = 5;
const MAX_RECIPIENTS = 5;
const MAX_HITS = 10;

/** A lookup that fails tells the model so, never why: the cause (a database message) stays here. */
function guarded<I, O>(run: (input: I) => Promise<O>): (input: I) => Promise<O | { error: string }> {
  return (input) => run(input).catch(() => ({ error: 'The lookup failed; say that this cannot be answered now.' }));
}

/** A field the model may give wrongly: anything that does not parse is left out. */
const lenient = <T extends z.ZodType>(schema: T, description: string) => schema.optional().catch(undefined).describe(description);

const text = (value: string | null, max: number) => (value === null ? null : cleanUntrustedText(value, max));
const recipients = (to: string[]) => to.slice(0, MAX_RECIPIENTS).map((a) => cleanUntrustedText(a, 200));

/**
 * A date the model wrote, or null when it is none. A bare day ("2026-11-27") is that day in the
 * owner's time zone, from its start (or, with `endOfDay`, to its end); a time without an offset is
 * read in the owner's time zone too; anything else must be ISO 8601 with its offset.
 */
export function parseModelDate(value: string | undefined, timeZone: string | null, endOfDay = false): Date | null {
  const written = value?.trim() ?? '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(written);
  let at: number;
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const check = new Date(Date.UTC(year, month, date));
    if (check.getUTCMonth() !== month || check.getUTCDate() !== date) return null;
    at = wallClockInstant(Date.UTC(year, month, date + (endOfDay ? 1 : 0)), timeZone).getTime();
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(written)) {
    // "2026-13-45T10:00" has the form of a date and is none.
    const wall = Date.parse(`${written}Z`);
    if (Number.isNaN(wall)) return null;
    at = wallClockInstant(wall, timeZone).getTime();
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(written)) at = Date.parse(written);
  else return null;
  return Number.isNaN(at) ? null : new Date(at);
}

/** The period asked for, or the default one (the `days` before `now`); an inverted period is put right. */
function period(tools: AssistantTools, days: number, from?: string, to?: string) {
  const until = parseModelDate(to, tools.timeZone, true) ?? tools.now;
  const since = parseModelDate(from, tools.timeZone) ?? new Date(until.getTime() - days * DAY);
  return since <= until ? { since, until } : { since: until, until: since };
}

function activityItem(item: ActivityItem) {
  return {
    date: item.date.toISOString(),
    from: text(item.fromName, 100),
    fromAddress: text(item.fromAddress, 200),
    subject: text(item.subject, 200),
    category: text(item.category, 100),
    classifiedBy: item.classifiedBy,
    confidence: item.confidence,
    reason: text(item.reason, 300),
    skipReason: text(item.skipReason, 300),
    actions: item.actions.map((a) => ({ kind: a.kind, status: a.status, detail: text(a.detail, 300), to: recipients(a.to) })),
  };
}

function sentItem(item: SentItem) {
  return {
    date: item.date.toISOString(),
    kind: item.kind,
    to: recipients(item.to),
    subject: cleanUntrustedText(item.subject, 200),
    text: cleanUntrustedText(item.text, 600),
  };
}

/** A quotable entry with its content; an internal one by title only, flagged, never its content. */
function knowledgeEntry(entry: KnowledgeSnippet) {
  const title = cleanUntrustedText(entry.title, 200);
  return entry.internal ? { title, internal: true } : { title, content: cleanUntrustedText(entry.content, 1500) };
}

const ACTIVITY_DESCRIPTION =
  "Look up the mail the assistant handled for the owner in a period (default: the last 7 days): each message's date, sender, subject, the category it was filed in (classifiedBy: 'rules', 'local' or the AI provider; confidence and reason), " +
  'skipReason when an AI step was skipped (no credits left, spam suspected...), and its actions. ' +
  'Action kinds: draft (a reply saved in Drafts for the owner to send), reply (a reply sent automatically), forward (forwarded to the category recipients), move (filed in the category folder), mark_spam (left where it arrived, marked as spam). ' +
  'Action statuses: done (it happened), skipped (it did not run; detail says why), in_doubt (a send that may or may not have left: the owner should check Sent), failed (it failed; detail says why), ' +
  'dry_run (what would have happened while the mailbox was in dry run: nothing was moved or sent), pending or started (not finished yet). ' +
  'total counts every matching message; items holds the newest ones, up to limit.';

/** The owner's lookups as AI SDK tools, category names mapped to the ids of `categories`. */
export function assistantToolSet(tools: AssistantTools, categories: AssistantCategory[]) {
  const categoryIds = new Map(categories.map((c) => [c.name.trim().toLowerCase(), c.id]));
  const searchMail = tools.searchMail?.bind(tools);

  return {
    mailActivity: tool({
      description: ACTIVITY_DESCRIPTION,
      inputSchema: z.object({
        from: lenient(z.string(), 'Start of the period, ISO 8601 (a bare date is that day in the owner time zone).'),
        to: lenient(z.string(), 'End of the period, ISO 8601 (a bare date includes that whole day). Default: now.'),
        categories: lenient(z.array(z.string()), 'Only mail filed in these categories, by name as the owner named them.'),
        sender: lenient(z.string(), 'Only mail from this sender: part of an address or a name.'),
        subjectWords: lenient(z.array(z.string()), 'Only mail whose subject has all these words.'),
        limit: lenient(z.number(), `How many messages to list, at most ${MAX_ACTIVITY} (default ${DEFAULT_ACTIVITY}).`),
      }),
      execute: guarded(async (input) => {
        const { since, until } = period(tools, ACTIVITY_DAYS, input.from, input.to);
        const names = (input.categories ?? []).map((name) => cleanUntrustedText(name, 100)).slice(0, 20);
        const ids = names.flatMap((name) => categoryIds.get(name.toLowerCase()) ?? []);
        const unknown = names.filter((name) => !categoryIds.has(name.toLowerCase()));
        const words = (input.subjectWords ?? [])
          .map((w) => cleanUntrustedText(w, 50))
          .filter(Boolean)
          .slice(0, 10);
        const sender = input.sender && cleanUntrustedText(input.sender, 200);
        const limit = Math.min(
          MAX_ACTIVITY,
          Math.max(1, Math.floor(Number.isFinite(input.limit) ? input.limit! : DEFAULT_ACTIVITY)),
        );
        const result = await tools.activity({
          since,
          until,
          ...(ids.length ? { categoryIds: ids } : {}),
          ...(sender ? { sender } : {}),
          ...(words.length ? { subjectWords: words } : {}),
          limit,
        });
        return {
          period: { from: since.toISOString(), to: until.toISOString() },
          ...(unknown.length ? { unknownCategoriesIgnored: unknown } : {}),
          total: result.total,
          items: result.items.slice(0, limit).map(activityItem),
        };
      }),
    }),

    sentMail: tool({
      description:
        'Look up the replies and forwards the assistant sent to someone (part of an address or a name), newest first, since a date (default: the last 30 days): date, kind (reply or forward), recipients, the subject answered and the reply text.',
      inputSchema: z.object({
        to: z.string().describe('The recipient: part of an e-mail address or a name.'),
        from: lenient(z.string(), 'Since when, ISO 8601. Default: 30 days ago.'),
      }),
      execute: guarded(async (input) => {
        const recipient = cleanUntrustedText(input.to, 200);
        const { since } = period(tools, SENT_DAYS, input.from);
        if (!recipient) return { since: since.toISOString(), total: 0, items: [] };
        const sent = await tools.sentTo(recipient, since);
        return { since: since.toISOString(), total: sent.length, items: sent.slice(0, MAX_SENT).map(sentItem) };
      }),
    }),

    searchKnowledge: tool({
      description:
        "Search the owner's knowledge base by words. Entries marked internal come back by title only: they exist, but their content must never be quoted or revealed.",
      inputSchema: z.object({ query: z.string().describe('Words to look for.') }),
      execute: guarded(async (input) => {
        const query = cleanUntrustedText(input.query, 200);
        if (!query) return { entries: [] };
        const entries = await tools.searchKnowledge(query);
        return { entries: entries.slice(0, MAX_KNOWLEDGE).map(knowledgeEntry) };
      }),
    }),

    ...(searchMail && {
      searchMail: tool({
        description:
          "Search the owner's mailbox as the webmail's search does (subject, addresses and text), in the inbox or in Sent, newest first: date, sender or recipients, subject. For any mail, handled by the assistant or not.",
        inputSchema: z.object({
          query: z.string().describe('Words or an address to look for.'),
          folder: lenient(z.enum(['inbox', 'sent']), 'Where to search: inbox (default) or sent.'),
        }),
        execute: guarded(async (input) => {
          const query = cleanUntrustedText(input.query, 200);
          if (!query) return { total: 0, items: [] };
          const found = await searchMail(query, input.folder ?? 'inbox');
          return {
            total: found.total,
            items: found.items.slice(0, MAX_HITS).map((hit) => ({
              date: hit.date?.toISOString() ?? null,
              from: text(hit.from, 200),
              to: recipients(hit.to),
              subject: text(hit.subject, 200),
              folder: hit.folder,
            })),
          };
        }),
      }),
    }),
  };
}
