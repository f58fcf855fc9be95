import type { CategoryRules, RuleOperator } from '@app/shared/categories';

/**
 * Rule classification (spec 02 §3, DESIGN §5.2): deterministic, case-insensitive. Within one rule
 * any value may match; every rule a category sets must match. Addresses are compared on whole
 * addresses and whole domains, so `endsWith @client.com` or `contains client.com` never match
 * `x@client.com.evil.org` or `x@evilclient.com`.
 */
export interface Party {
  name: string;
  address: string;
}

export interface RuleMessage {
  from: Party | null;
  to: Party[];
  cc: Party[];
  bcc: Party[];
  subject: string;
  text: string;
}

type ValueRule = { operator: RuleOperator; values: string[] };

const fold = (s: string) => s.normalize('NFKC').toLowerCase().trim();

function textMatches(text: string, operator: RuleOperator, value: string) {
  const t = fold(text);
  const v = fold(value);
  switch (operator) {
    case 'equals':
      return t === v;
    case 'startsWith':
      return t.startsWith(v);
    case 'endsWith':
      return t.endsWith(v);
    case 'contains':
      return t.includes(v);
  }
}

/** A domain and each parent it belongs to ends at a label boundary: `a.client.com` is in `client.com`. */
const inDomain = (domain: string, wanted: string) => domain === wanted || domain.endsWith(`.${wanted}`);

/**
 * An address against one value. A value with a domain (`x@client.com`, `@client.com`) compares
 * that domain whole; a bare domain (`client.com`) also takes its subdomains; anything else (`john`,
 * `support@`) is plain text on the address.
 */
function addressMatches(address: string, operator: RuleOperator, value: string) {
  const a = fold(address);
  const v = fold(value);
  if (!v) return false;
  const at = a.lastIndexOf('@');
  const local = at < 0 ? a : a.slice(0, at);
  const domain = at < 0 ? '' : a.slice(at + 1);
  const vAt = v.lastIndexOf('@');
  const vDomain = vAt < 0 ? '' : v.slice(vAt + 1);
  if (vDomain) {
    const vLocal = v.slice(0, vAt);
    if (domain !== vDomain) return false;
    if (operator === 'equals') return local === vLocal;
    if (operator === 'startsWith') return local.startsWith(vLocal);
    return local.endsWith(vLocal); // endsWith and contains: the value's local part ends where the domain starts
  }
  if (vAt < 0 && v.includes('.') && operator !== 'startsWith') {
    return operator === 'equals' ? domain === v : inDomain(domain, v);
  }
  return textMatches(a, operator, v);
}

const anyValue = (rule: ValueRule, test: (value: string) => boolean) => rule.values.some(test);

function partyRuleMatches(parties: Party[], rule: { name?: ValueRule; email?: ValueRule }) {
  return parties.some(
    (p) =>
      (!rule.name || anyValue(rule.name, (v) => textMatches(p.name, rule.name!.operator, v))) &&
      (!rule.email || anyValue(rule.email, (v) => addressMatches(p.address, rule.email!.operator, v))),
  );
}

/** Whether the message meets every rule the category sets (and it sets at least one). */
export function matchesRules(message: RuleMessage, rules: CategoryRules | null): boolean {
  if (!rules) return false;
  const checks: boolean[] = [];
  if (rules.subject?.values.length)
    checks.push(anyValue(rules.subject, (v) => textMatches(message.subject, rules.subject!.operator, v)));
  if (rules.body?.values.length) checks.push(anyValue(rules.body, (v) => textMatches(message.text, rules.body!.operator, v)));
  for (const field of ['from', 'to', 'cc', 'bcc'] as const) {
    const rule = rules[field];
    if (!rule?.name?.values.length && !rule?.email?.values.length) continue;
    const parties = field === 'from' ? (message.from ? [message.from] : []) : message[field];
    checks.push(partyRuleMatches(parties, rule));
  }
  return checks.length > 0 && checks.every(Boolean);
}

/** The first rules category (in the order given, i.e. creation order) whose rules the message meets. */
export function firstRuleCategory<C extends { classifierType: string; rules: CategoryRules | null }>(
  message: RuleMessage,
  categories: C[],
): C | null {
  return categories.find((c) => c.classifierType === 'rules' && matchesRules(message, c.rules)) ?? null;
}
