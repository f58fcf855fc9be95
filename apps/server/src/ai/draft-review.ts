/**
 * What an AI draft stands on, for the owner who reviews it (issue 39, item 1): found on the texts by
 * the same check that decides whether a reply may be sent (grounded-reply.ts), for either engine.
 * An engine's own claims add only what it was given: a source it names that was not in its context
 * is dropped, and its notes to the owner are shown as its words, never as the product's finding.
 */
import type { DraftCheck, DraftReview, DraftSource } from '@app/shared/draft-review';
import type { Draft, KnowledgeSnippet } from './engine';
import { groundingReport } from './grounded-reply';
import { quotesInternal } from './internal-leak';
import { cleanUntrustedText } from './safety';
import { excerpt, sentences } from './text';
import { textSimilarity } from '@app/shared/text-similarity';

const CHECKS_MAX = 8;
const CHECK_CHARS = 300;
const EXCERPT_CHARS = 160;
/** A draft sentence this close to one of a past reply was taken from it. */
const FROM_PAST_REPLY = 0.8;

export function reviewDraft(input: {
  /** The sender's own words: subject and text. */
  incoming: string;
  draft: Draft;
  knowledge: KnowledgeSnippet[];
  pastReplies: string[];
}): DraftReview {
  const { draft, knowledge, pastReplies } = input;
  const report = groundingReport({ incoming: input.incoming, reply: draft.text, knowledge });

  const pastSentences = pastReplies.map((reply) => sentences(reply).filter((s) => s.split(/\s+/).length >= 4));
  const pastReplyOf = (sentence: string) =>
    pastSentences.findIndex((own) => own.some((s) => textSimilarity(s, sentence) >= FROM_PAST_REPLY));
  const copied = new Set<number>();
  const unsupported: string[] = [];
  for (const statement of report.statements) {
    if (statement.entry) continue;
    const from = pastReplyOf(statement.sentence);
    if (from >= 0) copied.add(from);
    else unsupported.push(statement.sentence);
  }

  const given = new Map(knowledge.map((k) => [k.id, k]));
  const entries = new Set(report.used);
  for (const id of draft.used?.knowledge ?? []) {
    const entry = given.get(id);
    if (entry) entries.add(entry);
  }
  for (const index of draft.used?.pastReplies ?? []) if (pastReplies[index] !== undefined) copied.add(index);

  const sources: DraftSource[] = [
    ...[...entries].map((e) => ({ kind: 'knowledge' as const, id: e.id, title: e.title })),
    ...[...copied]
      .sort((a, b) => a - b)
      .map((i) => ({ kind: 'pastReply' as const, excerpt: excerpt(pastReplies[i]!, EXCERPT_CHARS) })),
  ];
  const leaked = knowledge.filter((k) => k.internal && quotesInternal(draft.text, [k]));
  const checks: DraftCheck[] = [
    ...leaked.map((k) => ({ kind: 'internal' as const, text: k.title })),
    ...unsupported.map((text) => ({ kind: 'unsupported' as const, text })),
    ...report.unanswered.map((text) => ({ kind: 'unanswered' as const, text })),
    ...(draft.toCheck ?? []).map((text) => ({ kind: 'engine' as const, text: cleanUntrustedText(text, CHECK_CHARS) })),
  ]
    .map((check) => ({ ...check, text: check.text.slice(0, CHECK_CHARS) }))
    .filter((check) => check.text.trim())
    .slice(0, CHECKS_MAX);
  return { sources, checks, allAnswered: report.unanswered.length === 0 };
}
