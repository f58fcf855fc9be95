import { randomBytes } from 'node:crypto';
import { createSecretBox } from '../../src/security/secret-box';
import { cookieFrom, type TestApp, type TestUser, testConfig } from '../harness';

/** One user's own data, created the way the product creates it, so that others can aim at its ids. */
export type Party = {
  user: TestUser;
  profileId: string;
  knowledge: { context: string; title: string; secret: string };
  promptId: string;
  promptSecret: string;
  mailAccountId: string;
  category: { id: string; name: string };
  /** An owner's pending invitation (null for members). */
  invitation: { id: string; email: string } | null;
  /** The user id of one of an owner's members (null for members). */
  teamMemberId: string | null;
};

/** Everything of `party` that must never show up in an answer to someone else. */
export function markersOf(party: Party): string[] {
  return [
    party.user.id,
    party.user.email,
    party.profileId,
    party.knowledge.context,
    party.knowledge.title,
    party.knowledge.secret,
    party.promptId,
    party.promptSecret,
    party.mailAccountId,
    party.category.id,
    party.category.name,
    ...(party.invitation ? [party.invitation.id, party.invitation.email] : []),
  ];
}

const tag = () => randomBytes(4).toString('hex');
const PASSWORD = 'Member1!';

/** Invites a new address as `owner`, accepts with a password and signs in as the new member. */
export async function addMember(t: TestApp, owner: TestUser, hasAiConfig: boolean): Promise<TestUser> {
  const email = `member-${tag()}@team.test`;
  const invited = await t.call(owner, 'POST', '/api/invitations', {
    email,
    firstName: 'Team',
    lastName: 'Member',
    connectionMethod: 'email/password',
    metadata: { hasAiConfig },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const token = new URL(t.mailer.lastLinkTo(email)).searchParams.get('token');
  const accepted = await t.call(null, 'POST', '/api/invitations/set-password', {
    token,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  if (accepted.statusCode !== 200) throw new Error(`acceptance failed: ${accepted.statusCode} ${accepted.body}`);
  const signedIn = await t.call(null, 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
  const cookie = cookieFrom(signedIn.headers['set-cookie']);
  const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  if (session.statusCode !== 200) throw new Error(`member sign-in failed: ${session.statusCode} ${session.body}`);
  return { email, password: PASSWORD, cookie, id: session.json<{ uid: string }>().uid };
}

/** Creates `user`'s profile, knowledge entry, prompt, mailbox and category; an owner also gets a pending invitation. */
export async function createParty(
  t: TestApp,
  user: TestUser,
  role: { owner: true; teamMemberId: string | null } | { owner: false },
): Promise<Party> {
  const id = tag();
  const expectStatus = <R extends { statusCode: number; body: string }>(res: R, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
    return res;
  };

  const profile = expectStatus(
    await t.call(user, 'POST', '/api/user-profiles', { businessSector: 'retail', role: 'Manager', phoneNumber: '', website: '' }),
    201,
    'profile',
  );
  const knowledge = { title: `Handbook ${id}`, secret: `vault-code-${id}` };
  const entry = expectStatus(
    await t.call(user, 'POST', '/api/data', { title: knowledge.title, text: `The vault code is ${knowledge.secret}.` }),
    201,
    'knowledge entry',
  );
  const promptSecret = `house-style-${id}`;
  const prompt = expectStatus(
    await t.call(user, 'POST', '/api/user-prompts', {
      enabled: true,
      useContext: false,
      section1: promptSecret,
      section2: '',
      section3: '',
      section4: '',
      section5: '',
      section6: '',
    }),
    201,
    'prompt',
  );
  const { mailAccountId, category } = await insertMailbox(t, user, id);
  let invitation: Party['invitation'] = null;
  if (role.owner) {
    const email = `pending-${id}@team.test`;
    const res = expectStatus(
      await t.call(user, 'POST', '/api/invitations', {
        email,
        firstName: 'Pending',
        lastName: id,
        connectionMethod: 'email/password',
      }),
      201,
      'invitation',
    );
    invitation = { id: res.json<{ _id: string }>()._id, email };
  }
  return {
    user,
    profileId: profile.json<{ _id: string }>()._id,
    knowledge: { context: entry.json<[string]>()[0], ...knowledge },
    promptId: prompt.json<{ _id: string }>()._id,
    promptSecret,
    mailAccountId,
    category,
    invitation,
    teamMemberId: role.owner ? role.teamMemberId : null,
  };
}

/**
 * A mailbox row and one category, written directly: connecting a real one needs a mail server,
 * and no refused call may reach it anyway. The server it names (port 9, discard) refuses at once.
 */
async function insertMailbox(t: TestApp, user: TestUser, id: string) {
  const connection = {
    kind: 'smtp',
    name: user.email,
    host: '127.0.0.1',
    port: 9,
    secure: false,
    user: user.email,
    imapHost: '127.0.0.1',
    imapPort: 9,
    imapSecure: false,
    imapUser: user.email,
  };
  const secret = createSecretBox(testConfig().encryptionKey).seal('mailbox-password');
  const [account] = await t.database.query<{ id: string }>(
    `INSERT INTO mail_account (user_id, provider, username, connection, secret, response_type)
     VALUES ($1, 'smtp', $2, $3, $4, 0) RETURNING id`,
    [user.id, user.email, JSON.stringify(connection), secret],
  );
  const name = `Invoices ${id}`;
  const [category] = await t.database.query<{ id: string }>(
    `INSERT INTO mail_category (user_id, mail_account_id, name, classifier_type, instruction, mailbox_id, mailbox_path)
     VALUES ($1, $2, $3, 'ai', 'Supplier invoices', $3, $3) RETURNING id`,
    [user.id, account!.id, name],
  );
  return { mailAccountId: account!.id, category: { id: category!.id, name } };
}

/** Turns a member's AI setup on or off, as the owner's edit of the invitation does. */
export async function setAiConfig(t: TestApp, member: TestUser, hasAiConfig: boolean) {
  await t.changeUser(member.id, 'UPDATE "user" SET has_ai_config = $1 WHERE id = $2', [hasAiConfig, member.id]);
}

/** What a refused write could have changed of `party`'s rows, to compare before and after. */
export async function snapshotOf(t: TestApp, party: Party) {
  const [row] = await t.database.query(
    `SELECT
       (SELECT count(*)::int FROM "user" WHERE id = $1) AS users,
       (SELECT role FROM user_profile WHERE id = $2) AS profile,
       (SELECT title || '|' || text FROM knowledge_entry WHERE context = $3) AS knowledge,
       (SELECT section1 FROM user_prompt WHERE id = $4) AS prompt,
       (SELECT is_sync_enabled::text || '|' || response_type FROM mail_account WHERE id = $5) AS mailbox,
       (SELECT name FROM mail_category WHERE id = $6) AS category,
       (SELECT first_name || '|' || status || '|' || coalesce(token_hash, '') FROM invitation WHERE id = $7) AS invitation,
       (SELECT count(*)::int FROM "user" WHERE id = $8) AS members`,
    [
      party.user.id,
      party.profileId,
      party.knowledge.context,
      party.promptId,
      party.mailAccountId,
      party.category.id,
      party.invitation?.id ?? null,
      party.teamMemberId,
    ],
  );
  return row;
}
