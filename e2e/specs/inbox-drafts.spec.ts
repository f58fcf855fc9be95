import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { completeProfile, signUpAndVerify, skipWithoutMailServer, uniqueEmail } from './helpers';

/**
 * Webmail drafts against global-setup's real Dovecot and SMTP server, in English and French: the
 * assistant (the worker's pipeline, "save draft" mode, the built-in engine) writes a draft in reply
 * to a new message; the owner opens it from Drafts in the compose panel, edits it (saved back while
 * typing), and sends it: the recipient's copy (as the SMTP server received it) is threaded and the
 * draft is gone. Then "Draft with AI" in a reply to the same message fills the body with the
 * engine's reply, grounded in the owner's knowledge base. Both show the entry they stand on.
 */

const texts = {
  en: {
    drafts: 'Drafts',
    inbox: 'Inbox',
    dialog: 'Draft',
    saved: 'Saved',
    send: 'Send',
    reply: 'Reply',
    replyDialog: 'Reply',
    aiDraft: 'Draft with AI',
    review: 'What this draft is based on',
    edit: 'Saturday at 9 works for us, see you then.',
    question: 'What are your opening hours? Can I come by on Saturday?',
    fact: { title: 'Opening hours', text: 'We are open Monday to Saturday from 8 am to 6 pm. Parking is free behind the shop.' },
    expected: '8 am to 6 pm',
  },
  fr: {
    drafts: 'Brouillons',
    inbox: 'Boîte de réception',
    dialog: 'Brouillon',
    saved: 'Enregistré',
    send: 'Envoyer',
    reply: 'Répondre',
    replyDialog: 'Répondre',
    aiDraft: "Rédiger avec l'IA",
    review: 'Sur quoi repose ce brouillon',
    edit: 'Samedi à 9 h, cela nous convient, à bientôt.',
    question: "Quels sont vos horaires d'ouverture ? Puis-je passer samedi ?",
    fact: {
      title: "Horaires d'ouverture",
      text: 'Nous sommes ouverts du lundi au samedi de 8 h à 18 h. Le parking est gratuit derrière la boutique.',
    },
    expected: '8 h à 18 h',
  },
};

/** A raw message with its quoted-printable text decoded (French text is sent that way). */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

const mailbox = () => ({ user: process.env.E2E_DRAFTS_USER!, pass: process.env.E2E_DRAFTS_PASS! });

async function withImap<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: Number(process.env.E2E_IMAP_PORT),
    secure: false,
    auth: mailbox(),
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

/** The sources of the messages with this subject in a folder. */
const sources = (folder: string, subject: string) =>
  withImap(async (client) => {
    const lock = await client.getMailboxLock(folder);
    try {
      const uids = (await client.search({ subject }, { uid: true })) || [];
      const found: string[] = [];
      for (const uid of uids) {
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (message && message.source) found.push(decoded(message.source.toString('utf8')));
      }
      return found;
    } finally {
      lock.release();
    }
  });

/** What the SMTP server received for `to` with this subject: the recipient's copy. */
function recipientCopy(to: string, subject: string) {
  const dir = process.env.E2E_SMTP_SPOOL!;
  for (const file of readdirSync(dir).sort()) {
    const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; raw: string };
    if (mail.to.includes(to) && mail.raw.includes(`Subject: ${subject}`)) return decoded(mail.raw);
  }
  return null;
}

/** Connects the drafts mailbox with "save draft" and waits until the worker reads it. */
async function connectWithDrafts(page: Page) {
  const res = await page.request.post('/api/email-settings', {
    data: {
      provider: 'smtp',
      responseType: 2,
      isSyncEnabled: false,
      isClassificationEnabled: false,
      settings: {
        name: 'Garden Shop',
        host: 'localhost',
        port: Number(process.env.E2E_SMTP_PORT),
        user: mailbox().user,
        pass: mailbox().pass,
        imapHost: 'localhost',
        imapPort: Number(process.env.E2E_IMAP_PORT),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  // Mail is followed from the moment the worker first reads the mailbox: wait for that first.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/email-settings')).json()) as { lastSyncedAt: string | null }).lastSyncedAt,
      { timeout: 30_000 },
    )
    .not.toBeNull();
}

test.describe('webmail drafts on Dovecot', () => {
  for (const lang of ['en', 'fr'] as const) {
    test(`an assistant draft edited and sent, threaded; "Draft with AI" in a reply (${lang})`, async ({ page }) => {
      skipWithoutMailServer();
      const t = texts[lang];
      const tag = randomBytes(4).toString('hex');
      const subject = `Visit ${tag}`;
      const sender = `client-${tag}@client.example`;
      const messageId = `<visit-${tag}@client.example>`;

      await signUpAndVerify(page, uniqueEmail('drafts'));
      await completeProfile(page);
      await expect(page).toHaveURL(/\/email-settings\/add/);
      expect((await page.request.post('/api/data', { data: t.fact })).status()).toBeLessThan(300);
      await connectWithDrafts(page);
      try {
        await withImap((client) =>
          client.append(
            'INBOX',
            Buffer.from(
              `From: Client <${sender}>\r\nTo: ${mailbox().user}\r\nSubject: ${subject}\r\nMessage-ID: ${messageId}\r\n` +
                `References: <earlier-${tag}@client.example>\r\nDate: ${new Date().toUTCString()}\r\n` +
                `Content-Type: text/plain; charset=utf-8\r\n\r\n${t.question}\r\n`,
            ),
          ),
        );
        // The assistant's draft, written by the pipeline into Drafts.
        await expect.poll(async () => (await sources('Drafts', `Re: ${subject}`)).length, { timeout: 30_000 }).toBe(1);

        await page.goto(`/inbox?lng=${lang}`);
        await page
          .getByRole('tree')
          .getByRole('button', { name: new RegExp(t.drafts) })
          .click();
        await page
          .locator('li[data-uid]', { hasText: `Re: ${subject}` })
          .getByRole('button', { name: `Re: ${subject}` })
          .click();
        const draft = page.getByRole('dialog', { name: t.dialog });
        await expect(draft.getByPlaceholder(/^(Subject|Objet)$/)).toHaveValue(`Re: ${subject}`);
        await expect(draft.getByRole('button', { name: new RegExp(sender) })).toBeVisible();
        const body = draft.getByRole('textbox', { name: /^(Message)$/ });
        await expect(body).not.toHaveValue('');
        // What the assistant's draft stands on: the owner's entry, opening in the knowledge base.
        await expect(
          draft.getByRole('region', { name: t.review }).getByRole('link', { name: new RegExp(t.fact.title) }),
        ).toBeVisible();

        // Edited: saved back a moment later, in place of the assistant's version.
        await body.press('Control+Home');
        await body.pressSequentially(`${t.edit}\n`);
        await expect(draft.getByTestId('draft-status')).toHaveText(t.saved, { timeout: 15_000 });
        await expect.poll(() => sources('Drafts', `Re: ${subject}`)).toEqual([expect.stringContaining(t.edit)]);

        await draft.getByRole('button', { name: t.send, exact: true }).click();
        await expect(draft).toBeHidden();
        // The recipient's copy is threaded; the draft is gone.
        await expect.poll(() => recipientCopy(sender, `Re: ${subject}`), { timeout: 15_000 }).not.toBeNull();
        const copy = recipientCopy(sender, `Re: ${subject}`)!;
        expect(copy).toContain(`In-Reply-To: ${messageId}`);
        expect(copy).toMatch(new RegExp(`References: <earlier-${tag}@client\\.example>\\s+${messageId}`));
        expect(copy).toContain(t.edit);
        await expect.poll(() => sources('Drafts', `Re: ${subject}`)).toEqual([]);

        // "Draft with AI" in a reply to the same message.
        await page
          .getByRole('tree')
          .getByRole('button', { name: new RegExp(t.inbox) })
          .click();
        await page.locator('li[data-uid]', { hasText: subject }).getByRole('button', { name: subject }).click();
        await page.getByRole('button', { name: t.reply, exact: true }).click();
        const reply = page.getByRole('dialog', { name: t.replyDialog });
        const replyBody = reply.getByRole('textbox', { name: /^(Message)$/ });
        await expect(replyBody).toHaveValue(/^\n\n/);
        const ai = reply.getByRole('button', { name: t.aiDraft });
        await ai.focus();
        await page.keyboard.press('Enter');
        await expect(replyBody).toHaveValue(new RegExp(t.expected));
        await expect(replyBody).toBeFocused();
        await expect(
          reply.getByRole('region', { name: t.review }).getByRole('link', { name: new RegExp(t.fact.title) }),
        ).toBeVisible();
        // The engine's text sits over the quote of the message.
        const value = await replyBody.inputValue();
        expect(value.indexOf(t.expected)).toBeLessThan(value.indexOf(`> ${t.question.slice(0, 20)}`));
      } finally {
        // The worker stops drafting in this mailbox before the other language's run.
        await page.request.delete('/api/email-settings', { data: {} });
      }
    });
  }
});
