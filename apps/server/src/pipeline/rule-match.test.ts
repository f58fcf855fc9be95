import type { CategoryRules } from '@app/shared/categories';
import { describe, expect, it } from 'vitest';
import { firstRuleCategory, matchesRules, type RuleMessage } from './rule-match';

const message = (patch: Partial<RuleMessage> = {}): RuleMessage => ({
  from: { name: 'Alice Martin', address: 'alice@client.com' },
  to: [{ name: 'Shop', address: 'owner@shop.test' }],
  cc: [],
  bcc: [],
  subject: 'Invoice 2026-114 for March',
  text: 'Please find attached the invoice. Regards, Alice',
  ...patch,
});
const from = (address: string, name = 'Someone') => message({ from: { name, address } });
const emailRule = (operator: 'contains' | 'equals' | 'startsWith' | 'endsWith', ...values: string[]): CategoryRules => ({
  from: { email: { operator, values } },
});

describe('rule matching', () => {
  it('matches addresses on whole domains', () => {
    const rule = emailRule('endsWith', '@client.com');
    expect(matchesRules(from('x@client.com'), rule)).toBe(true);
    expect(matchesRules(from('X@CLIENT.COM'), rule)).toBe(true);
    expect(matchesRules(from('x@client.com.evil.org'), rule)).toBe(false);
    expect(matchesRules(from('x@evilclient.com'), rule)).toBe(false);
    expect(matchesRules(from('x@mail.client.com'), rule)).toBe(false);

    const bare = emailRule('endsWith', 'client.com');
    expect(matchesRules(from('x@mail.client.com'), bare)).toBe(true);
    expect(matchesRules(from('x@evilclient.com'), bare)).toBe(false);
    expect(matchesRules(from('x@client.com.evil.org'), emailRule('contains', 'client.com'))).toBe(false);
    expect(matchesRules(from('x@client.com.evil.org'), emailRule('contains', '@client.com'))).toBe(false);
  });

  it('applies each operator to addresses', () => {
    expect(matchesRules(from('boss@client.com'), emailRule('equals', 'Boss@Client.com'))).toBe(true);
    expect(matchesRules(from('boss2@client.com'), emailRule('equals', 'boss@client.com'))).toBe(false);
    expect(matchesRules(from('support@vendor.io'), emailRule('startsWith', 'support@'))).toBe(true);
    expect(matchesRules(from('no-support@vendor.io'), emailRule('startsWith', 'support'))).toBe(false);
    expect(matchesRules(from('team.bob@client.com'), emailRule('endsWith', 'bob@client.com'))).toBe(true);
    expect(matchesRules(from('bob@client.com.evil.org'), emailRule('contains', 'bob@client.com'))).toBe(false);
    expect(matchesRules(from('jean.dupont@client.fr'), emailRule('contains', 'dupont'))).toBe(true);
  });

  it('applies each operator to names, subject and body, case-insensitively', () => {
    expect(matchesRules(message(), { from: { name: { operator: 'startsWith', values: ['alice'] } } })).toBe(true);
    expect(matchesRules(message(), { subject: { operator: 'contains', values: ['INVOICE'] } })).toBe(true);
    expect(matchesRules(message(), { subject: { operator: 'endsWith', values: ['march'] } })).toBe(true);
    expect(matchesRules(message(), { subject: { operator: 'equals', values: ['invoice'] } })).toBe(false);
    expect(matchesRules(message(), { body: { operator: 'contains', values: ['refund', 'attached'] } })).toBe(true);
  });

  it('needs every rule of the category, any value of each, any recipient', () => {
    const both: CategoryRules = {
      subject: { operator: 'contains', values: ['invoice'] },
      from: { email: { operator: 'endsWith', values: ['@other.com'] } },
    };
    expect(matchesRules(message(), both)).toBe(false);
    expect(matchesRules(from('a@other.com'), both)).toBe(true);
    const cc = message({
      cc: [
        { name: 'Accounting', address: 'books@shop.test' },
        { name: 'Lawyer', address: 'me@law.test' },
      ],
    });
    expect(
      matchesRules(cc, {
        cc: { name: { operator: 'equals', values: ['lawyer'] }, email: { operator: 'endsWith', values: ['@law.test'] } },
      }),
    ).toBe(true);
    expect(
      matchesRules(cc, {
        cc: { name: { operator: 'equals', values: ['accounting'] }, email: { operator: 'endsWith', values: ['@law.test'] } },
      }),
    ).toBe(false);
    expect(matchesRules(message({ from: null }), emailRule('contains', 'alice'))).toBe(false);
    expect(matchesRules(message(), {})).toBe(false);
    expect(matchesRules(message(), null)).toBe(false);
  });

  it('takes the first rules category in order and skips AI ones', () => {
    const categories = [
      { id: 'ai', classifierType: 'ai', rules: null },
      { id: 'a', classifierType: 'rules', rules: emailRule('endsWith', '@nowhere.test') },
      { id: 'b', classifierType: 'rules', rules: emailRule('endsWith', '@client.com') },
      { id: 'c', classifierType: 'rules', rules: { subject: { operator: 'contains' as const, values: ['invoice'] } } },
    ];
    expect(firstRuleCategory(message(), categories)?.id).toBe('b');
    expect(firstRuleCategory(from('z@zzz.test'), categories)?.id).toBe('c');
    expect(firstRuleCategory(message({ subject: 'hello', from: { name: 'x', address: 'x@y.test' } }), categories)).toBeNull();
  });
});
