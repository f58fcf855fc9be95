import { z } from 'zod';

/** Classification categories (spec 02 §3, §5; DESIGN §4, §10). Messages are i18n keys. */

export const CATEGORY_NAME_MAX = 255;
export const CATEGORY_TEXT_MAX = 10_000;
export const FORWARDING_EMAILS_MAX = 50;
export const RULE_VALUES_MAX = 10;
export const RULE_VALUE_MAX_LENGTH = 100;
export const AI_CATEGORY_COUNT = { min: 1, max: 10, default: 5, step: 1 } as const;

export const CLASSIFIER_TYPES = ['ai', 'rules'] as const;
export const RULE_OPERATORS = ['contains', 'equals', 'startsWith', 'endsWith'] as const;
export const TEXT_RULE_FIELDS = ['subject', 'body'] as const;
export const PARTY_RULE_FIELDS = ['from', 'to', 'cc', 'bcc'] as const;
/** How a rules category combines its conditions: every one (`all`, the default) or any one. */
export const RULE_MATCH_MODES = ['all', 'any'] as const;
export type RuleMatchMode = (typeof RULE_MATCH_MODES)[number];
/** Category actions: 0 none, 1 reply, 2 create draft. */
export const CATEGORY_ACTIONS = { none: 0, reply: 1, draft: 2 } as const;
export type CategoryAction = (typeof CATEGORY_ACTIONS)[keyof typeof CATEGORY_ACTIONS];

/** Trimmed, with runs of spaces collapsed to one (spec 02 §5). */
export const cleanText = z.string().transform((v) => v.trim().replace(/\s+/g, ' '));

const NAME_PART = /^[\p{L}\p{M}\p{N}._'-]+(?: [\p{L}\p{M}\p{N}._'-]+)*$/u;

/** Letters (accented too), digits, single spaces, . - _ ' and / between non-empty parts. */
export function isValidCategoryName(name: string) {
  return name.split('/').every((part) => NAME_PART.test(part.trim()) && part === part.trim());
}

const nameSchema = cleanText.pipe(
  z
    .string()
    .max(CATEGORY_NAME_MAX, 'categories.validation.nameTooLong')
    .refine((v) => v === '' || isValidCategoryName(v), 'categories.validation.nameInvalid'),
);

const operatorSchema = z.enum(RULE_OPERATORS).default('contains');

function ruleValues(options: { required: boolean; emails: boolean }) {
  const value = cleanText.pipe(z.string().max(RULE_VALUE_MAX_LENGTH, 'categories.validation.valueTooLong'));
  return z
    .array(options.required ? value.pipe(z.string().min(1, 'categories.validation.emptyValue')) : value)
    .max(RULE_VALUES_MAX, options.emails ? 'categories.validation.maxEmails' : 'categories.validation.maxValues')
    .transform((values) => values.filter(Boolean));
}

const textRule = z.object({ operator: operatorSchema, values: ruleValues({ required: true, emails: false }) });

/** from: name and e-mail values must be filled; to/cc/bcc: empty values are dropped. */
function partyRule(required: boolean) {
  return z.object({
    name: z.object({ operator: operatorSchema, values: ruleValues({ required, emails: false }) }).optional(),
    email: z.object({ operator: operatorSchema, values: ruleValues({ required, emails: true }) }).optional(),
  });
}

export const categoryRulesSchema = z.object({
  match: z.enum(RULE_MATCH_MODES).optional(),
  subject: textRule.optional(),
  body: textRule.optional(),
  from: partyRule(true).optional(),
  to: partyRule(false).optional(),
  cc: partyRule(false).optional(),
  bcc: partyRule(false).optional(),
});
export type CategoryRules = z.output<typeof categoryRulesSchema>;

/** Stored rules as the API answers them (the input schema's transforms are for input only). */
const storedRule = z.object({ operator: z.enum(RULE_OPERATORS), values: z.array(z.string()) });
const storedPartyRule = z.object({ name: storedRule.optional(), email: storedRule.optional() });
export const storedRulesSchema = z.object({
  match: z.enum(RULE_MATCH_MODES).optional(),
  subject: storedRule.optional(),
  body: storedRule.optional(),
  from: storedPartyRule.optional(),
  to: storedPartyRule.optional(),
  cc: storedPartyRule.optional(),
  bcc: storedPartyRule.optional(),
});
export type CategoryRulesInput = z.input<typeof categoryRulesSchema>;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** Whether any rule has a value; a `rules` category needs one. */
export function hasAnyRule(rules: CategoryRules | null | undefined) {
  if (!rules) return false;
  const text = TEXT_RULE_FIELDS.some((f) => (rules[f]?.values.length ?? 0) > 0);
  const party = PARTY_RULE_FIELDS.some((f) => (rules[f]?.name?.values.length ?? 0) + (rules[f]?.email?.values.length ?? 0) > 0);
  return text || party;
}

/** Drops empty rule fields so that stored rules only say what they test. */
function compactRules(rules: CategoryRules): CategoryRules {
  const out: CategoryRules = rules.match === 'any' ? { match: 'any' } : {};
  for (const f of TEXT_RULE_FIELDS) if (rules[f]?.values.length) out[f] = rules[f];
  for (const f of PARTY_RULE_FIELDS) {
    const rule = rules[f];
    const name = rule?.name?.values.length ? rule.name : undefined;
    const email = rule?.email?.values.length ? rule.email : undefined;
    if (name || email) out[f] = { ...(name && { name }), ...(email && { email }) };
  }
  return out;
}

/** `email` may come as a list or as comma-separated text. */
const forwardingEmails = (mailboxAddress: string | undefined) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : v),
      z
        .array(
          cleanText.pipe(
            z
              .string()
              .min(1, 'categories.validation.emptyValue')
              .pipe(z.email('categories.validation.invalidEmail').toLowerCase()),
          ),
        )
        .max(FORWARDING_EMAILS_MAX, 'categories.validation.maxForwarding'),
    )
    .refine((emails) => !mailboxAddress || !emails.includes(mailboxAddress.toLowerCase()), 'categories.validation.sameAsMailbox')
    .nullish()
    .transform((emails) => (emails && emails.length ? [...new Set(emails)] : null));

const actionSchema = z
  .union([z.literal(''), z.literal(0), z.literal(1), z.literal(2), z.literal('0'), z.literal('1'), z.literal('2')])
  .nullish()
  .transform((v) => (v === '' || v == null ? 0 : Number(v)) as CategoryAction);

const folderRef = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((v) => v || null);

/**
 * Body of POST /api/email-settings/categories and PUT …/{id}. `mailboxAddress` is the connected
 * account's address, which no forwarding address may equal.
 */
/** The lowest precision an owner can ask of a category's autopilot, and the one offered first. */
export const AUTOPILOT_PRECISION_MIN = 50;
export const AUTOPILOT_PRECISION_DEFAULT = 90;

export function categoryInputSchema(mailboxAddress?: string) {
  return z
    .object({
      userId: z.string().optional(),
      name: nameSchema.default(''),
      existCategoryName: folderRef,
      classificationParentMailbox: folderRef,
      draftParentMailbox: folderRef,
      classifierType: z.enum(CLASSIFIER_TYPES, 'categories.validation.classifierRequired'),
      instruction: cleanText.pipe(z.string().max(CATEGORY_TEXT_MAX, 'categories.validation.textTooLong')).default(''),
      action: actionSchema,
      responseInstructions: cleanText.pipe(z.string().max(CATEGORY_TEXT_MAX, 'categories.validation.textTooLong')).default(''),
      email: forwardingEmails(mailboxAddress),
      /**
       * Earned autopilot (issue 36): instant replies and forwards only while the category's measured
       * precision on past mail is at least this share, in percent; below it, a draft. Null: no limit.
       */
      autopilotMinPrecision: z
        .number()
        .int()
        .min(AUTOPILOT_PRECISION_MIN, 'categories.validation.autopilotPrecision')
        .max(100, 'categories.validation.autopilotPrecision')
        .nullable()
        .default(null),
      rules: categoryRulesSchema.nullish(),
      createdBy: z.enum(['AI', 'USER']).default('USER'),
    })
    .superRefine((c, ctx) => {
      if (!c.name && !c.existCategoryName) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'categories.validation.nameOrParent' });
      }
      if (c.classifierType === 'ai' && !c.instruction) {
        ctx.addIssue({ code: 'custom', path: ['instruction'], message: 'categories.validation.instructionRequired' });
      }
      if (c.classifierType === 'rules' && !hasAnyRule(c.rules)) {
        ctx.addIssue({ code: 'custom', path: ['rules'], message: 'categories.validation.ruleRequired' });
      }
    })
    .transform((c) => ({
      ...c,
      // ai drops the rules and rules drops the instruction (spec 02 §4).
      rules: c.classifierType === 'rules' && c.rules ? compactRules(c.rules) : null,
      instruction: c.classifierType === 'ai' ? c.instruction : '',
    }));
}
export type CategoryInput = z.input<ReturnType<typeof categoryInputSchema>>;
export type CategoryValues = z.output<ReturnType<typeof categoryInputSchema>>;

export const categorySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  existCategoryName: z.string().nullable(),
  classifierType: z.enum(CLASSIFIER_TYPES),
  instruction: z.string(),
  action: z.number().int(),
  responseInstructions: z.string(),
  email: z.array(z.string()).nullable(),
  autopilotMinPrecision: z.number().int().nullable(),
  rules: storedRulesSchema.nullable(),
  classificationParentMailbox: z.string().nullable(),
  draftParentMailbox: z.string().nullable(),
  createdBy: z.string(),
  /** The folder or label the category files mail into. */
  mailboxPath: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** The 24 languages of the AI category modal: code, English name, native name. */
export const CATEGORY_LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands' },
  { code: 'pl', name: 'Polish', nativeName: 'Polski' },
  { code: 'ro', name: 'Romanian', nativeName: 'Română' },
  { code: 'hu', name: 'Hungarian', nativeName: 'Magyar' },
  { code: 'tr', name: 'Turkish', nativeName: 'Türkçe' },
  { code: 'el', name: 'Greek', nativeName: 'Ελληνικά' },
  { code: 'cs', name: 'Czech', nativeName: 'Čeština' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
  { code: 'sv', name: 'Swedish', nativeName: 'Svenska' },
  { code: 'sr', name: 'Serbian', nativeName: 'Српски' },
  { code: 'bg', name: 'Bulgarian', nativeName: 'Български' },
  { code: 'hr', name: 'Croatian', nativeName: 'Hrvatski' },
  { code: 'da', name: 'Danish', nativeName: 'Dansk' },
  { code: 'sq', name: 'Albanian', nativeName: 'Shqip' },
  { code: 'fi', name: 'Finnish', nativeName: 'Suomi' },
  { code: 'sk', name: 'Slovak', nativeName: 'Slovenčina' },
  { code: 'zh', name: 'Chinese', nativeName: '中文' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語' },
  { code: 'ko', name: 'Korean', nativeName: '한국어' },
] as const;
export type CategoryLanguage = (typeof CATEGORY_LANGUAGES)[number];

/** The language the modal starts with: the browser language's first segment, else English. */
export function defaultCategoryLanguage(browserLanguage: string | undefined): CategoryLanguage {
  const code = (browserLanguage ?? '').split('-')[0]?.toLowerCase();
  return CATEGORY_LANGUAGES.find((l) => l.code === code) ?? CATEGORY_LANGUAGES[0];
}

/** Body of POST /api/email-settings/ai-categorization. */
export const aiCategorizationSchema = z.object({
  userId: z.string().optional(),
  numberOfCategories: z.coerce
    .number({ error: 'categories.validation.countRange' })
    .int('categories.validation.countRange')
    .min(AI_CATEGORY_COUNT.min, 'categories.validation.countRange')
    .max(AI_CATEGORY_COUNT.max, 'categories.validation.countRange'),
  language: z.enum(CATEGORY_LANGUAGES.map((l) => l.name) as [string, ...string[]], 'categories.validation.languageRequired'),
});
export type AiCategorizationInput = z.input<typeof aiCategorizationSchema>;

/** How many of the tracked folder's newest messages the rules preview reads. */
export const RULES_PREVIEW_SCAN = 50;

/** POST /api/mailbox/rules-preview: the rules as the form holds them. */
export const rulesPreviewInputSchema = z.object({ rules: categoryRulesSchema });

/** Which of the tracked folder's newest messages the rules would file, by the pipeline's own matcher. */
export const rulesPreviewSchema = z.object({
  folder: z.string(),
  scanned: z.number().int(),
  matches: z.array(
    z.object({
      uid: z.string(),
      subject: z.string(),
      from: z.object({ name: z.string(), address: z.string() }).nullable(),
      date: z.string().nullable(),
    }),
  ),
});
export type RulesPreview = z.infer<typeof rulesPreviewSchema>;
