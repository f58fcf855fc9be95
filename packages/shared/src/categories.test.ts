import { describe, expect, it } from 'vitest';
import { aiCategorizationSchema, categoryInputSchema, defaultCategoryLanguage, isValidCategoryName } from './categories';

const schema = categoryInputSchema('owner@shop.com');
const ai = { classifierType: 'ai', name: 'Invoices', instruction: 'Bills and invoices from suppliers' } as const;

function messages(input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('category names', () => {
  it.each(['Invoices', 'Clients/Acme', "L'équipe_2026", 'a.b-c', 'Été Été'])('accepts %j', (name) => {
    expect(isValidCategoryName(name)).toBe(true);
  });
  it.each(['a//b', '/a', 'a/', 'hello!', 'x<y>'])('refuses %j', (name) => {
    expect(isValidCategoryName(name)).toBe(false);
  });

  it('trims and collapses spaces, then checks length', () => {
    expect(schema.parse({ ...ai, name: '  Big    clients ' }).name).toBe('Big clients');
    expect(messages({ ...ai, name: 'x'.repeat(256) })).toContain('categories.validation.nameTooLong');
    expect(messages({ ...ai, name: 'Bad#name' })).toContain('categories.validation.nameInvalid');
  });

  it('needs a name or an existing folder', () => {
    expect(messages({ ...ai, name: '' })).toContain('categories.validation.nameOrParent');
    expect(schema.parse({ ...ai, name: '', existCategoryName: 'Clients' }).existCategoryName).toBe('Clients');
  });
});

describe('classifier', () => {
  it('ai needs an instruction and drops the rules', () => {
    expect(messages({ ...ai, instruction: '  ' })).toContain('categories.validation.instructionRequired');
    expect(schema.parse({ ...ai, rules: { subject: { operator: 'contains', values: ['x'] } } }).rules).toBeNull();
  });

  it('rules needs one non-empty rule and drops the instruction', () => {
    expect(messages({ classifierType: 'rules', name: 'VIP', rules: {} })).toContain('categories.validation.ruleRequired');
    const parsed = schema.parse({
      classifierType: 'rules',
      name: 'VIP',
      instruction: 'ignored',
      rules: { from: { email: { operator: 'endsWith', values: ['@client.com'] } }, to: { name: { values: [''] } } },
    });
    expect(parsed.instruction).toBe('');
    expect(parsed.rules).toEqual({ from: { email: { operator: 'endsWith', values: ['@client.com'] } } });
  });

  it('keeps the "any" mode, leaves "all" (the default) unsaid, refuses any other', () => {
    const subject = { operator: 'contains', values: ['quote'] };
    const parse = (match: string) => schema.safeParse({ classifierType: 'rules', name: 'Quotes', rules: { match, subject } });
    expect(parse('any').data?.rules).toEqual({ match: 'any', subject });
    expect(parse('all').data?.rules).toEqual({ subject });
    expect(parse('some').success).toBe(false);
    // A value is kept as written: "john.doe" is no e-mail address, and need not be.
    const john = schema.parse({
      classifierType: 'rules',
      name: 'J',
      rules: { from: { email: { operator: 'contains', values: ['john.doe'] } } },
    });
    expect(john.rules?.from?.email?.values).toEqual(['john.doe']);
  });

  it('checks rule values: empty, length, count', () => {
    const rules = (values: string[], field = 'subject') => ({
      classifierType: 'rules',
      name: 'R',
      rules: { [field]: { values } },
    });
    expect(messages(rules(['ok', ' ']))).toContain('categories.validation.emptyValue');
    expect(messages(rules(['x'.repeat(101)]))).toContain('categories.validation.valueTooLong');
    expect(messages(rules(Array.from({ length: 11 }, (_, i) => `v${i}`)))).toContain('categories.validation.maxValues');
    const fromEmails = {
      classifierType: 'rules',
      name: 'R',
      rules: { from: { email: { values: Array.from({ length: 11 }, (_, i) => `a${i}@x.com`) } } },
    };
    expect(messages(fromEmails)).toContain('categories.validation.maxEmails');
  });
});

describe('forwarding e-mails and action', () => {
  it('accepts a list or comma-separated text, lower-cased and de-duplicated', () => {
    expect(schema.parse({ ...ai, email: 'A@x.com, b@y.com,a@x.com' }).email).toEqual(['a@x.com', 'b@y.com']);
    expect(schema.parse({ ...ai, email: [] }).email).toBeNull();
  });

  it('refuses invalid, empty, the mailbox itself and more than 50', () => {
    expect(messages({ ...ai, email: ['nope'] })).toContain('categories.validation.invalidEmail');
    expect(messages({ ...ai, email: ['a@x.com', ' '] })).toContain('categories.validation.emptyValue');
    expect(messages({ ...ai, email: ['Owner@Shop.com'] })).toContain('categories.validation.sameAsMailbox');
    expect(messages({ ...ai, email: Array.from({ length: 51 }, (_, i) => `u${i}@x.com`) })).toContain(
      'categories.validation.maxForwarding',
    );
  });

  it('reads actions as numbers, "1"/"2" as text and empty as none', () => {
    expect(schema.parse({ ...ai, action: '2' }).action).toBe(2);
    expect(schema.parse({ ...ai, action: '' }).action).toBe(0);
    expect(messages({ ...ai, action: 5 }).length).toBeGreaterThan(0);
  });
});

describe('AI categorisation', () => {
  it('takes 1..10 categories in a listed language', () => {
    expect(aiCategorizationSchema.parse({ numberOfCategories: '5', language: 'French' }).numberOfCategories).toBe(5);
    expect(aiCategorizationSchema.safeParse({ numberOfCategories: 11, language: 'French' }).error?.issues[0]?.message).toBe(
      'categories.validation.countRange',
    );
    expect(aiCategorizationSchema.safeParse({ numberOfCategories: 3, language: 'Klingon' }).success).toBe(false);
  });

  it('defaults to the browser language, else English', () => {
    expect(defaultCategoryLanguage('fr-FR').name).toBe('French');
    expect(defaultCategoryLanguage('xx').name).toBe('English');
    expect(defaultCategoryLanguage(undefined).name).toBe('English');
  });
});
