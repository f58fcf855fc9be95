import { describe, expect, it } from 'vitest';
import { knowledgeInputSchema, knowledgeItemSchema, knowledgeUpdateSchema } from './knowledge';

describe('knowledge input schema', () => {
  const message = (input: object) => knowledgeInputSchema.safeParse({ title: 'Vault', ...input }).error?.issues[0]?.message;

  it('defaults the text and the visibility (quotable)', () => {
    expect(knowledgeInputSchema.parse({ title: ' Vault ' })).toEqual({ title: 'Vault', text: '', visibility: 'quotable' });
  });

  it('keeps an internal entry internal', () => {
    expect(knowledgeInputSchema.parse({ title: 'Vault', text: 'Code 4821', visibility: 'internal' }).visibility).toBe('internal');
  });

  it('answers with i18n keys', () => {
    expect(message({ title: ' ' })).toBe('knowledge.titleRequired');
    expect(message({ visibility: 'secret' })).toBe('knowledge.visibilityInvalid');
    expect(message({ visibility: null })).toBe('knowledge.visibilityInvalid');
  });
});

describe('knowledge item schema', () => {
  const item = { _id: 'c', context: 'c', title: 'Vault', text: '', createdAt: '', updatedAt: '' };

  it('requires a known visibility', () => {
    expect(knowledgeItemSchema.safeParse({ ...item, visibility: 'internal' }).success).toBe(true);
    expect(knowledgeItemSchema.safeParse(item).success).toBe(false);
  });
});

describe('knowledge update schema', () => {
  it('leaves a missing visibility out (the entry keeps its own)', () => {
    expect(knowledgeUpdateSchema.parse({ title: 'Vault' })).toEqual({ title: 'Vault', text: '' });
    expect(knowledgeUpdateSchema.parse({ title: 'Vault', visibility: 'quotable' }).visibility).toBe('quotable');
    expect(knowledgeUpdateSchema.safeParse({ title: 'Vault', visibility: 'public' }).error?.issues[0]?.message).toBe(
      'knowledge.visibilityInvalid',
    );
  });
});
