import type { TestApp, TestUser } from './harness';

/**
 * A day of the pipeline written straight into the tables, as the worker leaves them: messages done
 * (per category, with the engine that decided), actions (drafts, replies, skipped, in doubt) and the
 * owner's corrections, each at a chosen time.
 */
export function mailboxSeed(t: TestApp, user: TestUser, accountId: string) {
  let n = 0;
  const categories = new Map<string, string>();

  async function category(name: string, classifier: 'ai' | 'rules' = 'ai') {
    const [row] = await t.database.query<{ id: string }>(
      `INSERT INTO mail_category (user_id, mail_account_id, name, classifier_type, mailbox_id, mailbox_path)
       VALUES ($1, $2, $3, $4, $3, $3) RETURNING id`,
      [user.id, accountId, name, classifier],
    );
    categories.set(name, row!.id);
    return row!.id;
  }

  /** A message the pipeline finished at `at`; `category` null: filed nowhere. Answers its id and Message-ID. */
  async function message(opts: {
    at: string;
    subject: string;
    category?: string | null;
    by?: string | null;
    skipReason?: string;
    status?: string;
  }) {
    const messageId = `<m${++n}@seed.test>`;
    const categoryId = opts.category ? categories.get(opts.category)! : null;
    const by = opts.by !== undefined ? opts.by : categoryId ? 'local' : null;
    const [row] = await t.database.query<{ id: string }>(
      `INSERT INTO mail_message (user_id, mail_account_id, provider_id, folder, message_id, subject, status,
         category_id, classified_by, skip_reason, processed_at, created_at)
       VALUES ($1, $2, $3, 'INBOX', $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id`,
      [
        user.id,
        accountId,
        `p${n}`,
        messageId,
        opts.subject,
        opts.status ?? 'done',
        categoryId,
        by,
        opts.skipReason ?? null,
        opts.at,
      ],
    );
    return { id: row!.id, messageId };
  }

  async function action(
    messageRowId: string,
    opts: { kind: string; status: string; at: string; detail?: string; to?: string[] },
  ) {
    await t.database.query(
      `INSERT INTO mail_action (user_id, mail_account_id, mail_message_id, kind, status, target, detail, created_at, started_at, done_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, CASE WHEN $5 = 'done' THEN $8::timestamptz END)`,
      [user.id, accountId, messageRowId, opts.kind, opts.status, JSON.stringify({ to: opts.to }), opts.detail ?? null, opts.at],
    );
  }

  /** The owner moved the message with `messageId` from one category to another (`to` null: back to the inbox). */
  async function correction(messageId: string, opts: { subject: string; from: string; to: string | null; at: string }) {
    await t.database.query(
      `INSERT INTO mail_correction (user_id, mail_account_id, message_id, category_id, from_category_id, subject, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [user.id, accountId, messageId, opts.to ? categories.get(opts.to) : null, categories.get(opts.from), opts.subject, opts.at],
    );
  }

  return { category, message, action, correction };
}

/** A connected mailbox for `user` (its logins are never used here). */
export async function connectMailbox(t: TestApp, user: TestUser) {
  const [row] = await t.database.query<{ id: string }>(
    `INSERT INTO mail_account (user_id, provider, username, connection, secret, response_type)
     VALUES ($1, 'smtp', $2, '{"kind":"oauth"}', 'sealed', 0) RETURNING id`,
    [user.id, user.email],
  );
  return row!.id;
}

/** The user's profile, with the digest's language and time zone (null: never captured). */
export async function createProfile(t: TestApp, user: TestUser, locale: { language?: string; timeZone?: string } = {}) {
  const res = await t.call(user, 'POST', '/api/user-profiles', { businessSector: 'retail', role: 'Owner', ...locale });
  if (res.statusCode !== 201) throw new Error(`profile: ${res.statusCode} ${res.body}`);
  return res.json<{ _id: string }>()._id;
}
