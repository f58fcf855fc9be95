/**
 * The built-in assistant's answers to questions about the owner's own mail (issue 39, item 4): the
 * question recognised (lookup-question.ts) is answered from the same read-only lookups an AI
 * provider calls, in the owner's language, and says plainly when they hold nothing.
 */
import type { ActivityItem, AssistantCategory, AssistantTools } from '../assistant';
import { type Period, periodBounds } from '../period';
import { detectLanguage, type Language, stem, stems } from '../text';
import { conceptsOf, isWeakConcept } from './concepts';
import { LOOKUP_TEXTS } from './lookup-texts';
import type { LookupQuestion } from './lookup-question';

const LISTED = 10;
/** Without a period, a list or a count covers the last week; what was sent, the last month. */
const DEFAULT_PERIOD: Period = { name: 'lastDays', days: 7 };
const SENT_PERIOD: Period = { name: 'lastDays', days: 30 };
const WHY_PERIOD: Period = { name: 'lastDays', days: 90 };

/**
 * The categories a topic names: by their name and instruction's words, or by the concepts they share
 * in either language ("factures" finds "Invoices"); the best scoring only.
 */
export function categoriesForTopic(
  topic: string[],
  phrase: string,
  categories: AssistantCategory[],
  language: Language,
): AssistantCategory[] {
  if (topic.length === 0) return [];
  const asked = new Set(stems(topic.join(' '), language));
  // The concepts of the topic's words in their phrase ("un devis"), not those of the question's frame ("clients").
  const topicWords = new Set(topic);
  const frame = phrase
    .split(/\s+/)
    .filter((w) => !topicWords.has(w.replace(/[^\p{L}\p{N}'-]/gu, '')))
    .join(' ');
  const framed = conceptsOf(frame, language, false).counts;
  const askedConcepts = [...conceptsOf(`${phrase} ${topic.join(' ')}`, language, false).counts.keys()].filter(
    (id) => !isWeakConcept(id) && !framed.has(id),
  );
  const scored = categories.map((category) => {
    const own = detectLanguage(`${category.name}\n${category.instruction}`);
    const name = new Set(stems(category.name, own));
    const instruction = new Set(stems(category.instruction, own));
    const concepts = conceptsOf(`${category.name}\n${category.instruction}`, own, false).counts;
    const score =
      [...asked].reduce((n, s) => n + (name.has(s) ? 3 : instruction.has(s) ? 1 : 0), 0) +
      askedConcepts.reduce((n, id) => n + (concepts.has(id) ? 2 : 0), 0);
    return { category, score };
  });
  const best = Math.max(0, ...scored.map((s) => s.score));
  return best > 0 ? scored.filter((s) => s.score === best).map((s) => s.category) : [];
}

export async function answerLookup(
  lookup: LookupQuestion,
  tools: AssistantTools,
  categories: AssistantCategory[],
  language: Language,
): Promise<string> {
  const t = LOOKUP_TEXTS[language];
  const bounds = (period: Period) => periodBounds(period, tools.now, tools.timeZone);
  const when = (date: Date) => t.date(date, tools.timeZone);

  if (lookup.kind === 'sent') {
    const period = lookup.period ?? SENT_PERIOD;
    const items = (await tools.sentTo(lookup.recipient, bounds(period).since)).filter((item) => item.date < bounds(period).until);
    if (items.length === 0) return t.sentNothing(lookup.recipient, t.period(period));
    return [
      t.sentIntro(items.length, lookup.recipient, t.period(period)),
      ...items.slice(0, LISTED).map((item) => t.sentItem(item, when(item.date))),
    ].join('\n');
  }

  if (lookup.kind === 'why') return answerWhy(lookup, tools, language);

  if (lookup.kind === 'search') {
    if (!tools.searchMail) return t.searchNoMailbox;
    const found = await tools.searchMail(lookup.query, lookup.where).catch(() => null);
    if (!found) return t.searchNoMailbox;
    if (found.total === 0) return t.searchNothing(lookup.query, lookup.where);
    return [
      t.searchIntro(found.total, lookup.query, lookup.where),
      ...found.items.slice(0, LISTED).map((hit) => t.searchItem(hit, hit.date ? when(hit.date) : '')),
      ...(found.total > LISTED ? [t.more(found.total - LISTED)] : []),
    ].join('\n');
  }

  const period = lookup.period ?? DEFAULT_PERIOD;
  const matched = categoriesForTopic(lookup.topic, lookup.phrase, categories, language);
  // No category names the topic: the subject must carry its words (by their stems: "invoices", "invoice").
  const subjectWords = matched.length === 0 ? lookup.topic.map((w) => stem(w, language)).filter((s) => s.length >= 3) : undefined;
  const about = matched.length
    ? t.inCategories(matched.map((c) => c.name))
    : subjectWords?.length
      ? t.aboutWords(lookup.topic)
      : '';
  const { total, items } = await tools.activity({
    ...bounds(period),
    categoryIds: matched.length ? matched.map((c) => c.id) : undefined,
    subjectWords,
    limit: lookup.kind === 'list' ? 50 : 1,
  });
  if (lookup.kind === 'count') return t.count(total, about, t.period(period));
  if (total === 0) return t.noneListed(about, t.period(period));
  if (lookup.people) {
    const senders = new Map<string, ActivityItem[]>();
    for (const item of items) {
      const key = (item.fromAddress ?? item.fromName).toLowerCase();
      senders.set(key, [...(senders.get(key) ?? []), item]);
    }
    return [
      t.peopleIntro(senders.size, total, about, t.period(period)),
      ...[...senders.values()].slice(0, LISTED).map((list) => t.personItem(list[0]!, list.length, when(list[0]!.date))),
      ...(senders.size > LISTED ? [t.more(senders.size - LISTED)] : []),
    ].join('\n');
  }
  return [
    t.messagesIntro(total, about, t.period(period)),
    ...items.slice(0, LISTED).map((item) => t.messageItem(item, when(item.date))),
    ...(total > LISTED ? [t.more(total - LISTED)] : []),
  ].join('\n');
}

async function answerWhy(lookup: Extract<LookupQuestion, { kind: 'why' }>, tools: AssistantTools, language: Language) {
  const t = LOOKUP_TEXTS[language];
  const period = periodBounds(WHY_PERIOD, tools.now, tools.timeZone);
  const find = (query: { sender?: string; subjectWords?: string[] }, limit: number) =>
    tools.activity({ ...period, ...query, limit }).then((r) => r.items);
  const subjectWords = lookup.subject
    ? [lookup.subject]
    : lookup.topic.length
      ? lookup.topic.map((w) => stem(w, language)).filter((s) => s.length >= 3)
      : [];
  let found: ActivityItem[] = [];
  if (lookup.sender) found = await find({ sender: lookup.sender }, 1);
  // "… de devis": a word after "de" may be the topic rather than a sender.
  if (found.length === 0 && lookup.sender) found = await find({ subjectWords: [stem(lookup.sender, language)] }, 1);
  if (found.length === 0 && subjectWords.length) found = await find({ subjectWords }, 1);
  if (found.length === 1) return t.why(found[0]!, t.date(found[0]!.date, tools.timeZone));
  if (lookup.sender || subjectWords.length) return t.whyNotFound;
  // "Why was this mail filed there?" names no message: the latest ones, each with its reason.
  const latest = (await find({}, 3)).filter((item) => item.classifiedBy);
  if (latest.length === 0) return t.whyNothingYet;
  return [t.whyWhichOne, ...latest.map((item) => `- ${t.why(item, t.date(item.date, tools.timeZone))}`)].join('\n');
}
