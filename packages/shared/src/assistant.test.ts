import { describe, expect, it } from 'vitest';
import { ASSISTANT_HISTORY_MAX, ASSISTANT_QUESTION_MAX, askInputSchema } from './assistant';

const issue = (input: unknown) => askInputSchema.safeParse(input).error?.issues[0]?.message;

describe('askInputSchema', () => {
  it('trims the question and defaults the history to none', () => {
    expect(askInputSchema.parse({ question: '  Hello  ', promptType: 'email' })).toEqual({
      question: 'Hello',
      promptType: 'email',
      history: [],
    });
  });

  it('refuses a blank or too long question, an unknown type and too much history', () => {
    expect(issue({ question: ' \n ', promptType: 'ai' })).toBe('agent.validation.questionRequired');
    expect(issue({ question: 'x'.repeat(ASSISTANT_QUESTION_MAX + 1), promptType: 'ai' })).toBe(
      'agent.validation.questionTooLong',
    );
    expect(issue({ question: 'Hi', promptType: 'poem' })).toBe('agent.validation.promptType');
    const history = Array.from({ length: ASSISTANT_HISTORY_MAX + 1 }, () => ({ role: 'user', content: 'x' }));
    expect(issue({ question: 'Hi', promptType: 'ai', history })).toBe('agent.validation.historyTooLong');
    expect(issue({ question: 'Hi', promptType: 'ai', history: [{ role: 'user', content: 'x'.repeat(8_001) }] })).toBe(
      'agent.validation.contentTooLong',
    );
  });
});
