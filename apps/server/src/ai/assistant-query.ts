import type { AssistantQuestion } from './assistant';

/** Earlier questions that widen a follow-up ("and on Saturdays?") for retrieval. */
const FOLLOW_UP_TURNS = 2;

/**
 * What retrieval searches for: the question, and for type `ai` the user's last questions too, so
 * that a follow-up finds what the conversation is about. Other types carry no history.
 */
export function retrievalText(question: AssistantQuestion): string {
  if (question.promptType !== 'ai') return question.question;
  const earlier = question.history
    .filter((turn) => turn.role === 'user')
    .slice(-FOLLOW_UP_TURNS)
    .map((turn) => turn.content.slice(0, 1000));
  return [question.question, ...earlier].join('\n');
}
