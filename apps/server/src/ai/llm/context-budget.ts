import type { DraftContext } from '../engine';

/** About four characters a token, in English and in French: a budget's measure, not a tokenizer. */
export const CHARS_PER_TOKEN = 4;
/** The tokens a draft's prompt may take by default (AI_CONTEXT_TOKENS sets another). */
export const DRAFT_CONTEXT_TOKENS = 8_000;

/**
 * The draft's context within a budget of `tokens` for the whole prompt: the parts that grow with the
 * owner's data (knowledge entries, past replies, what was answered to the sender before, the conversation's earlier messages) are cut, the longest first, until each is at most as
 * long as what is left allows all of them; the message, the instructions and the owner's prompt are
 * never cut (`fixedChars` counts them). A part cut to nothing is left out.
 */
export function withinBudget(context: DraftContext, fixedChars: number, tokens: number): DraftContext {
  const parts = [
    ...context.knowledge.map((k) => k.content),
    ...context.pastReplies,
    ...context.history.map((h) => h.reply ?? ''),
    ...context.thread.map((m) => m.text),
  ];
  const overhead =
    context.knowledge.reduce((n, k) => n + k.title.length, 0) +
    context.history.reduce((n, h) => n + h.subject.length + 40, 0) +
    context.thread.reduce((n, m) => n + m.from.length + 40, 0);
  const cap = equalCap(
    parts.map((p) => p.length),
    tokens * CHARS_PER_TOKEN - fixedChars - overhead,
  );
  if (cap === null) return context;
  return {
    ...context,
    knowledge: context.knowledge.map((k) => ({ ...k, content: cut(k.content, cap) })).filter((k) => k.content),
    pastReplies: context.pastReplies.map((reply) => cut(reply, cap)).filter(Boolean),
    history: context.history.map((h) => ({ ...h, reply: h.reply && (cut(h.reply, cap) || null) })),
    thread: context.thread.map((m) => ({ ...m, text: cut(m.text, cap) })).filter((m) => m.text),
  };
}

/** The length every part is cut to so that they fit in `room` together, the longest first; null when they fit. */
function equalCap(lengths: number[], room: number): number | null {
  if (lengths.reduce((a, b) => a + b, 0) <= room) return null;
  const sorted = [...lengths].sort((a, b) => a - b);
  let left = Math.max(0, room);
  for (const [i, length] of sorted.entries()) {
    const share = Math.floor(left / (sorted.length - i));
    if (length > share) return share;
    left -= length;
  }
  return null;
}

/** `text` in at most `max` characters, cut after a whole word, with an ellipsis when cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 2) return '';
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
