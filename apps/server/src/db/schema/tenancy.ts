/**
 * Whose rows each table holds (DESIGN §4). `user`: a user's personal data, nobody else reads it,
 * the owner included. `owner`: the owner's account (plan, billing, credits, invitations).
 * `auth`: Better Auth's own bookkeeping, keyed by user or by opaque identifiers.
 * `system`: the processes' own bookkeeping, no one's data.
 * A test checks that every table of the schema is listed here with the column named.
 */
export const tenancy = {
  user: { kind: 'auth', column: 'id' },
  session: { kind: 'auth', column: 'user_id' },
  account: { kind: 'auth', column: 'user_id' },
  verification: { kind: 'auth', column: null },
  rate_limit: { kind: 'auth', column: null },
  user_profile: { kind: 'user', column: 'user_id' },
  knowledge_entry: { kind: 'user', column: 'user_id' },
  subscription: { kind: 'owner', column: 'owner_id' },
  invoice: { kind: 'owner', column: 'owner_id' },
  meter_report: { kind: 'owner', column: 'owner_id' },
  // Billing bookkeeping: the ids of Stripe webhook events already applied, no one's data.
  stripe_event: { kind: 'owner', column: null },
  mail_account: { kind: 'user', column: 'user_id' },
  mail_category: { kind: 'user', column: 'user_id' },
  invitation: { kind: 'owner', column: 'owner_id' },
  credit_entry: { kind: 'owner', column: 'owner_id' },
  user_prompt: { kind: 'user', column: 'user_id' },
  mail_message: { kind: 'user', column: 'user_id' },
  mail_action: { kind: 'user', column: 'user_id' },
  mail_classifier: { kind: 'user', column: 'user_id' },
  mail_reply_example: { kind: 'user', column: 'user_id' },
  ai_draft: { kind: 'user', column: 'user_id' },
  ai_provider_setting: { kind: 'user', column: 'user_id' },
  ai_usage_day: { kind: 'user', column: 'user_id' },
  mail_correction: { kind: 'user', column: 'user_id' },
  mail_not_spam_sender: { kind: 'user', column: 'user_id' },
  mail_accuracy_report: { kind: 'user', column: 'user_id' },
  mail_first_run_read: { kind: 'user', column: 'user_id' },
  feedback: { kind: 'user', column: 'user_id' },
  mail_push_channel: { kind: 'user', column: 'user_id' },
  pipeline_worker: { kind: 'system', column: null },
} as const;
