import type { CategoryRules, RuleOperator } from '@app/shared/categories';
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
  it('anchors the domain for @-values and for equals/endsWith values ending in a public suffix', () => {
    const at = emailRule('endsWith', '@client.com');
    expect(matchesRules(from('x@client.com'), at)).toBe(true);
    expect(matchesRules(from('X@CLIENT.COM'), at)).toBe(true);
    expect(matchesRules(from('x@client.com.evil.org'), at)).toBe(false);
    expect(matchesRules(from('x@evilclient.com'), at)).toBe(false);
    expect(matchesRules(from('x@mail.client.com'), at)).toBe(false);
    expect(matchesRules(from('x@client.com.evil.org'), emailRule('contains', '@client.com'))).toBe(false);
    expect(matchesRules(from('x@client.com'), emailRule('equals', '@client.com'))).toBe(true);

    const bare = emailRule('endsWith', 'client.com');
    expect(matchesRules(from('x@client.com'), bare)).toBe(true);
    expect(matchesRules(from('x@mail.client.com'), bare)).toBe(true);
    expect(matchesRules(from('x@evilclient.com'), bare)).toBe(false);
    expect(matchesRules(from('x@client.com.evil.org'), bare)).toBe(false);
    expect(matchesRules(from('x@client.com'), emailRule('equals', 'client.com'))).toBe(true);
    expect(matchesRules(from('x@mail.client.com'), emailRule('equals', 'client.com'))).toBe(false);
    expect(matchesRules(from('x@shop.co.uk'), emailRule('endsWith', '.co.uk'))).toBe(true);
    expect(matchesRules(from('x@client.com'), emailRule('endsWith', '.com'))).toBe(true);
    expect(matchesRules(from('x@client.com'), emailRule('endsWith', 'lient.com'))).toBe(false);
  });

  it('takes "contains" for plain text on addresses as on names, a dot in the value or not', () => {
    const john = from('john.doe@client.com');
    for (const value of ['john.doe', 'lient.com', 'doe@client', 'client.com', 'JOHN'])
      expect(matchesRules(john, emailRule('contains', value)), value).toBe(true);
    expect(matchesRules(john, emailRule('contains', 'jane.doe'))).toBe(false);
    // No anchoring for contains: the owner asked for the text anywhere.
    expect(matchesRules(from('x@client.com.evil.org'), emailRule('contains', 'client.com'))).toBe(true);
    // A value that is not under a public suffix is text for every operator.
    expect(matchesRules(john, emailRule('endsWith', 'doe@client.com'))).toBe(true);
    expect(matchesRules(from('ops@mail.intranet.test'), emailRule('endsWith', 'intranet.test'))).toBe(true);
  });

  it('applies each operator to addresses', () => {
    expect(matchesRules(from('boss@client.com'), emailRule('equals', 'Boss@Client.com'))).toBe(true);
    expect(matchesRules(from('boss2@client.com'), emailRule('equals', 'boss@client.com'))).toBe(false);
    expect(matchesRules(from('support@vendor.io'), emailRule('startsWith', 'support@'))).toBe(true);
    expect(matchesRules(from('no-support@vendor.io'), emailRule('startsWith', 'support'))).toBe(false);
    expect(matchesRules(from('team.bob@client.com'), emailRule('endsWith', 'bob@client.com'))).toBe(true);
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

  describe('every operator on every field', () => {
    const full = message({
      from: { name: 'Alice Martin', address: 'alice.martin@client.com' },
      to: [{ name: 'Shop Owner', address: 'owner@shop.fr' }],
      cc: [{ name: 'Books Keeper', address: 'books@accounting.fr' }],
      bcc: [{ name: 'Archive Box', address: 'archive@shop.fr' }],
      subject: 'Invoice 2026-114 for March',
      text: 'Please find attached the invoice. Regards, Alice',
    });
    const cases: [string, string, Record<string, string>][] = [
      // field, the text it holds, a matching value per operator
      [
        'subject',
        'Invoice 2026-114 for March',
        { equals: 'invoice 2026-114 for march', startsWith: 'invoice', endsWith: 'MARCH', contains: '2026-114' },
      ],
      [
        'body',
        'Please find attached the invoice. Regards, Alice',
        {
          equals: 'please find attached the invoice. regards, alice',
          startsWith: 'please',
          endsWith: 'alice',
          contains: 'attached',
        },
      ],
      ...(['from', 'to', 'cc', 'bcc'] as const).flatMap((field): [string, string, Record<string, string>][] => {
        const party = full[field === 'from' ? 'from' : field];
        const p = Array.isArray(party) ? party[0]! : party!;
        const [local] = p.address.split('@');
        return [
          [
            `${field}.name`,
            p.name,
            {
              equals: p.name.toUpperCase(),
              startsWith: p.name.split(' ')[0]!,
              endsWith: p.name.split(' ')[1]!,
              contains: p.name.slice(2, 6),
            },
          ],
          [
            `${field}.email`,
            p.address,
            { equals: p.address, startsWith: `${local}@`, endsWith: `@${p.address.split('@')[1]}`, contains: local!.slice(1) },
          ],
        ];
      }),
    ];
    const ruleFor = (field: string, operator: RuleOperator, value: string): CategoryRules => {
      const [name, part] = field.split('.') as [string, 'name' | 'email' | undefined];
      const rule = { operator, values: [value] };
      return part ? { [name]: { [part]: rule } } : { [name]: rule };
    };
    for (const [field, , values] of cases)
      for (const operator of ['equals', 'startsWith', 'endsWith', 'contains'] as const)
        it(`${field} ${operator}`, () => {
          expect(matchesRules(full, ruleFor(field, operator, values[operator]!))).toBe(true);
          expect(matchesRules(full, ruleFor(field, operator, 'zzz-nowhere'))).toBe(false);
        });
  });

  it('in "any" mode, files the mail that meets one condition; in "all" mode, only the one meeting each', () => {
    const rules: CategoryRules = {
      subject: { operator: 'contains', values: ['quote'] },
      from: { email: { operator: 'endsWith', values: ['@client.com'] } },
    };
    const bySubject = message({ subject: 'A quote please', from: { name: 'Z', address: 'z@other.org' } });
    const bySender = message({ subject: 'Hello', from: { name: 'Z', address: 'z@client.com' } });
    const neither = message({ subject: 'Hello', from: { name: 'Z', address: 'z@other.org' } });
    const both = message({ subject: 'A quote please', from: { name: 'Z', address: 'z@client.com' } });
    for (const m of [bySubject, bySender, both]) expect(matchesRules(m, { ...rules, match: 'any' })).toBe(true);
    expect(matchesRules(neither, { ...rules, match: 'any' })).toBe(false);
    expect([bySubject, bySender, neither, both].map((m) => matchesRules(m, rules))).toEqual([false, false, false, true]);
    expect([bySubject, bySender, both].map((m) => matchesRules(m, { ...rules, match: 'all' }))).toEqual([false, false, true]);
    // Any mode: a name rule or an address rule of the same field, for anyone.
    const party: CategoryRules = {
      match: 'any',
      cc: { name: { operator: 'equals', values: ['lawyer'] }, email: { operator: 'endsWith', values: ['@books.fr'] } },
    };
    expect(matchesRules(message({ cc: [{ name: 'Lawyer', address: 'me@law.fr' }] }), party)).toBe(true);
    expect(matchesRules(message({ cc: [{ name: 'Keeper', address: 'k@books.fr' }] }), party)).toBe(true);
    expect(matchesRules(message({ cc: [{ name: 'Keeper', address: 'k@law.fr' }] }), party)).toBe(false);
  });
});
