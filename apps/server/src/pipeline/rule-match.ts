import type { CategoryRules, RuleMatchMode, RuleOperator } from '@app/shared/categories';
import { parse } from 'tldts';
import type { ParsedMessage } from '../mail/mime/message';

/**
 * Rule classification (spec 02 §3, DESIGN §5.2): deterministic, case-insensitive. Within one rule
 * any value may match; a category in `all` mode (the default) needs every rule it sets, one in `any`
 * mode one of them. Domains are anchored where the value says it is a domain (see `addressMatches`).
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

/** What rules read of a parsed message. */
export const ruleMessageOf = (m: ParsedMessage): RuleMessage => ({
  from: m.from,
  to: m.to,
  cc: m.cc,
  bcc: m.bcc,
  subject: m.subject,
  text: m.text,
});

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

/** Whether a value names a domain under a public suffix (the Public Suffix List's ICANN part): `client.com`, `.co.uk`. */
function endsInPublicSuffix(value: string): boolean {
  const host = value.replace(/^\./, '');
  return host.includes('.') || value.startsWith('.') ? parse(host, { allowPrivateDomains: false }).isIcann === true : false;
}

/**
 * An address against one value. "contains" and "startsWith" compare text, for addresses as for names
 * (`john.doe`, `lient.com`, `doe@client` all match `john.doe@client.com`). The domain is anchored for
 * a value that starts with `@` (`@client.com` is that domain, never `client.com.evil.org`) and for
 * "equals"/"endsWith" values that end in a public suffix: `equals client.com` is the domain,
 * `endsWith client.com` that domain and its subdomains, never `evilclient.com`.
 */
function addressMatches(address: string, operator: RuleOperator, value: string) {
  const a = fold(address);
  const v = fold(value);
  if (!v) return false;
  const domain = a.slice(a.lastIndexOf('@') + 1);
  if (v.startsWith('@') && operator !== 'startsWith' && endsInPublicSuffix(v.slice(1))) return domain === v.slice(1);
  if ((operator === 'equals' || operator === 'endsWith') && !v.includes('@') && endsInPublicSuffix(v)) {
    if (v.startsWith('.')) return domain.endsWith(v);
    return domain === v || (operator === 'endsWith' && domain.endsWith(`.${v}`));
  }
  return textMatches(a, operator, v);
}

const anyValue = (rule: ValueRule, test: (value: string) => boolean) => rule.values.some(test);

/** In `all` mode the name and the address rule hold for the same person; in `any` mode either does for anyone. */
function partyRuleMatches(parties: Party[], rule: { name?: ValueRule; email?: ValueRule }, mode: RuleMatchMode) {
  const nameOk = (p: Party) => anyValue(rule.name!, (v) => textMatches(p.name, rule.name!.operator, v));
  const emailOk = (p: Party) => anyValue(rule.email!, (v) => addressMatches(p.address, rule.email!.operator, v));
  const name = rule.name?.values.length ? nameOk : null;
  const email = rule.email?.values.length ? emailOk : null;
  if (mode === 'any') return parties.some((p) => Boolean(name?.(p)) || Boolean(email?.(p)));
  return parties.some((p) => (!name || name(p)) && (!email || email(p)));
}

/** Whether the message meets the category's rules (and it sets at least one): every rule, or one in `any` mode. */
export function matchesRules(message: RuleMessage, rules: CategoryRules | null): boolean {
  if (!rules) return false;
  const mode = rules.match ?? 'all';
  const checks: boolean[] = [];
  if (rules.subject?.values.length)
    checks.push(anyValue(rules.subject, (v) => textMatches(message.subject, rules.subject!.operator, v)));
  if (rules.body?.values.length) checks.push(anyValue(rules.body, (v) => textMatches(message.text, rules.body!.operator, v)));
  for (const field of ['from', 'to', 'cc', 'bcc'] as const) {
    const rule = rules[field];
    if (!rule?.name?.values.length && !rule?.email?.values.length) continue;
    const parties = field === 'from' ? (message.from ? [message.from] : []) : message[field];
    checks.push(partyRuleMatches(parties, rule, mode));
  }
  return checks.length > 0 && (mode === 'any' ? checks.some(Boolean) : checks.every(Boolean));
}

/** The first rules category (in the order given, i.e. creation order) whose rules the message meets. */
export function firstRuleCategory<C extends { classifierType: string; rules: CategoryRules | null }>(
  message: RuleMessage,
  categories: C[],
): C | null {
  return categories.find((c) => c.classifierType === 'rules' && matchesRules(message, c.rules)) ?? null;
}
