import { randomBytes } from 'node:crypto';
import { expect, test, type Page, type Request } from '@playwright/test';
import { HOSTILE_HTML } from '../../apps/server/src/modules/mailbox/hostile-html';
import { corpusFile, rawBytes, readCorpus } from '../../apps/server/test/corpus';
import {
  completeProfile,
  connectWebmailInbox,
  signUpAndVerify,
  scriptPaths,
  skipWithoutMailServer,
  uniqueEmail,
  webmailImap,
} from './helpers';

/**
 * The webmail against global-setup's real Dovecot and SMTP server: read a hostile HTML mail (no
 * script runs, no remote image is requested before consent), download its attachment, star a
 * message, delete one to Trash with the keyboard, send one with an attachment (it lands in Sent),
 * page through real mail (the Enron inbox corpus, seeded under the test's own messages), and the
 * screen in French.
 */

const tag = randomBytes(4).toString('hex');

/** Real mail under the test's own: more than a page of the Enron inbox corpus (generated mail without it). */
const CORPUS_COUNT = 30;
const corpusSubjects: string[] = [];

async function corpusMail(): Promise<Buffer[]> {
  const file = corpusFile('enron-folders7/inbox_unlabeled.jsonl.gz');
  const raws: Buffer[] = [];
  if (file) {
    for await (const record of readCorpus(file)) {
      if (!record.subject.trim()) continue;
      corpusSubjects.push(record.subject.trim());
      raws.push(rawBytes(record));
      if (raws.length === CORPUS_COUNT) break;
    }
    return raws;
  }
  for (let n = 1; n <= CORPUS_COUNT; n++) {
    corpusSubjects.push(`Weekly report ${n}`);
    raws.push(
      Buffer.from(`From: Colleague <colleague@example.com>\r\nSubject: Weekly report ${n}\r\n\r\nFigures for week ${n}.\r\n`),
    );
  }
  return raws;
}

function hostile(subject: string) {
  const html =
    '<p>Hello from the e2e newsletter</p><script>window.parent.postMessage("pwned","*")</script>' +
    '<img src="https://tracker.invalid/pixel.gif" alt="pixel"><img src=x onerror="document.title=\'pwned\'">' +
    '<form action="https://phish.invalid"><input name="p"></form><a href="javascript:alert(1)">click</a>';
  return Buffer.from(
    `From: News <news@shop.example>\r\nTo: ${process.env.E2E_INBOX_USER}\r\nSubject: ${subject}\r\n` +
      `Message-ID: <${subject.replace(/\s/g, '-')}@shop.example>\r\nDate: ${new Date().toUTCString()}\r\nMIME-Version: 1.0\r\n` +
      'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n' +
      `--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n` +
      '--b1\r\nContent-Type: text/plain; name="notes.txt"\r\nContent-Disposition: attachment; filename="notes.txt"\r\n\r\nSome notes\r\n' +
      '--b1--\r\n',
  );
}

function plain(subject: string) {
  return Buffer.from(
    `From: Client <client@client.example>\r\nTo: ${process.env.E2E_INBOX_USER}\r\nSubject: ${subject}\r\n` +
      `Message-ID: <${subject.replace(/\s/g, '-')}@client.example>\r\nDate: ${new Date().toUTCString()}\r\n\r\nPlain hello\r\n`,
  );
}

/** The raw source of the newest message with this subject in a folder, or null. */
async function sourceOf(folder: string, subject: string) {
  const client = webmailImap();
  await client.connect();
  const lock = await client.getMailboxLock(folder);
  try {
    const uids = await client.search({ subject }, { uid: true });
    const uid = Array.isArray(uids) ? uids.at(-1) : undefined;
    if (uid === undefined) return null;
    const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
    return message ? (message.source?.toString('utf8') ?? null) : null;
  } finally {
    lock.release();
    await client.logout();
  }
}

async function flagsOf(folder: string, subject: string) {
  const client = webmailImap();
  await client.connect();
  const lock = await client.getMailboxLock(folder);
  try {
    const uids = await client.search({ subject }, { uid: true });
    const uid = Array.isArray(uids) ? uids[0] : undefined;
    if (uid === undefined) return null;
    const message = await client.fetchOne(String(uid), { flags: true }, { uid: true });
    return message ? [...(message.flags ?? [])] : null;
  } finally {
    lock.release();
    await client.logout();
  }
}

async function signInWithMailbox(page: Page) {
  await signUpAndVerify(page, uniqueEmail('inbox'));
  await completeProfile(page);
  await expect(page).toHaveURL(/\/email-settings\/add/);
  // The webmail only: no pipeline acting on this mailbox while the test reads it.
  await connectWebmailInbox(page);
}

test.describe('webmail on Dovecot', () => {
  test.beforeAll(async () => {
    skipWithoutMailServer();
    const client = webmailImap();
    await client.connect();
    // An empty inbox first: a retry's worker runs this again, and the paging test counts on the corpus
    // mail being the oldest 30.
    const lock = await client.getMailboxLock('INBOX');
    try {
      if (client.mailbox && client.mailbox.exists > 0) await client.messageDelete('1:*');
    } finally {
      lock.release();
    }
    for (const raw of await corpusMail()) await client.append('INBOX', raw, ['\\Seen']);
    await client.append('INBOX', plain(`Plain ${tag} two`), []);
    await client.append('INBOX', plain(`Plain ${tag} one`), []);
    await client.append('INBOX', hostile(`Newsletter ${tag}`), []);
    await client.logout();
  });

  test('reads safely, downloads, stars, deletes with the keyboard and sends with an attachment', async ({ page }) => {
    skipWithoutMailServer();
    const remote: string[] = [];
    page.on('request', (request) => {
      if (/tracker\.invalid|phish\.invalid/.test(request.url())) remote.push(request.url());
    });
    const messages: unknown[] = [];
    await page.exposeFunction('__recordMessage', (data: unknown) => messages.push(data));
    await page.addInitScript(() => {
      window.addEventListener('message', (event) =>
        (window as unknown as { __recordMessage(d: unknown): void }).__recordMessage(event.data),
      );
    });

    await signInWithMailbox(page);
    await page.goto('/inbox');
    await expect(page.getByRole('tree', { name: 'Folders' }).getByRole('button', { name: /Inbox/ })).toBeVisible();
    const newsletter = page.locator('li[data-uid]', { hasText: `Newsletter ${tag}` });
    await expect(newsletter).toBeVisible();
    await expect(newsletter).toHaveAttribute('data-unread', 'true');
    // The banner answers the reload button, not the opening of a folder.
    await expect(page.getByText('Emails loaded successfully!')).toBeHidden();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByText('Emails loaded successfully!')).toBeVisible();
    await expect(page.getByText('Emails loaded successfully!')).toBeHidden({ timeout: 5000 });

    // Star, seen on the server.
    await newsletter.getByRole('button', { name: 'Star' }).click();
    await expect(newsletter.getByRole('button', { name: 'Remove star' })).toBeVisible();
    await expect.poll(() => flagsOf('INBOX', `Newsletter ${tag}`)).toContain('\\Flagged');

    // A row's own actions, under the pointer: Mark as read, seen on the server.
    const unread = page.locator('li[data-uid]', { hasText: `Plain ${tag} two` });
    await unread.hover();
    await unread.getByRole('button', { name: 'Mark as read' }).click();
    await expect(unread).not.toHaveAttribute('data-unread', 'true');
    await expect.poll(() => flagsOf('INBOX', `Plain ${tag} two`)).toContain('\\Seen');

    // Open: the body is inert and no remote image is fetched before consent.
    await newsletter.getByRole('button', { name: `Newsletter ${tag}` }).click();
    const body = page.frameLocator('iframe[title="Message body"]');
    await expect(body.getByText('Hello from the e2e newsletter')).toBeVisible();
    await expect(body.locator('script, form, input')).toHaveCount(0);
    await expect(page.locator('iframe[title="Message body"]')).toHaveAttribute(
      'sandbox',
      'allow-popups allow-popups-to-escape-sandbox',
    );
    expect(await page.title()).not.toBe('pwned');
    expect(messages).toEqual([]);
    expect(remote).toEqual([]);
    await expect.poll(() => flagsOf('INBOX', `Newsletter ${tag}`)).toContain('\\Seen');

    // The attachment downloads with its name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download notes.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('notes.txt');

    // Consent shows the remote image (the request leaves only now).
    await page.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => remote.length).toBeGreaterThan(0);

    // Reply with r: quoted, threaded; the original is marked answered.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('r');
    const reply = page.getByRole('dialog', { name: 'Reply' });
    await expect(reply.getByPlaceholder('Subject')).toHaveValue(`Re: Newsletter ${tag}`);
    await expect(reply.getByRole('button', { name: 'Remove news@shop.example' })).toBeVisible();
    await reply.getByPlaceholder('Message').press('Control+Home');
    await reply.getByPlaceholder('Message').pressSequentially('Thanks for the news.');
    await reply.getByRole('button', { name: 'Send' }).click();
    await expect(reply).toBeHidden();
    await expect.poll(() => sourceOf('Sent', `Re: Newsletter ${tag}`)).toContain(`In-Reply-To: <Newsletter-${tag}@shop.example>`);
    expect(await sourceOf('Sent', `Re: Newsletter ${tag}`)).toMatch(
      /Thanks for the news\.\r?\n[\s\S]*> Hello from the e2e newsletter/,
    );
    await expect.poll(() => flagsOf('INBOX', `Newsletter ${tag}`)).toContain('\\Answered');

    // Forward with f: the original's attachment goes along.
    await page.keyboard.press('f');
    const forward = page.getByRole('dialog', { name: 'Forward' });
    await expect(forward.getByRole('list', { name: 'Attachments of the forwarded message' })).toContainText('notes.txt');
    await forward.getByLabel('To').fill('colleague@example.com');
    await forward.getByLabel('To').press('Enter');
    await forward.getByRole('button', { name: 'Send' }).click();
    await expect(forward).toBeHidden();
    await expect.poll(() => sourceOf('Sent', `Fwd: Newsletter ${tag}`)).toContain('filename=notes.txt');

    // Back to the list with u; j moves down; # deletes to Trash.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('u');
    const one = page.locator('li[data-uid]', { hasText: `Plain ${tag} one` });
    await expect(one).toBeVisible();
    await page.keyboard.press('j');
    await expect(one).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('#');
    await expect(one).toBeHidden();
    await expect.poll(() => flagsOf('Trash', `Plain ${tag} one`)).toContain('\\Seen');

    // Mark spam from the toolbar: \Seen $Junk Junk, then the Junk folder.
    const two = page.locator('li[data-uid]', { hasText: `Plain ${tag} two` });
    await two.getByRole('checkbox').check();
    await page.getByRole('toolbar', { name: 'Message actions' }).getByRole('button', { name: 'Mark as spam' }).click();
    await expect(two).toBeHidden();
    await expect.poll(() => flagsOf('Junk', `Plain ${tag} two`)).toEqual(expect.arrayContaining(['\\Seen', '$Junk', 'Junk']));

    // Compose with c, a chip, an attachment; the sent mail lands in Sent.
    await page.keyboard.press('c');
    const compose = page.getByRole('dialog', { name: 'New message' });
    await compose.getByRole('button', { name: 'Send' }).click();
    await expect(compose.getByText('At least one recipient is required')).toBeVisible();
    await compose.getByLabel('To').fill('Partner@Example.com');
    await compose.getByLabel('To').press('Enter');
    await expect(compose.getByRole('button', { name: 'Remove partner@example.com' })).toBeVisible();
    await compose.getByPlaceholder('Subject').fill(`Sent ${tag}`);
    await compose.getByPlaceholder('Message').fill('Please find the file attached.');
    await compose
      .getByTestId('compose-files')
      .setInputFiles({ name: 'offer.txt', mimeType: 'text/plain', buffer: Buffer.from('offer') });
    await expect(compose.getByText('offer.txt')).toBeVisible();
    await compose.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Email sent successfully!').last()).toBeVisible();
    await expect.poll(() => flagsOf('Sent', `Sent ${tag}`)).not.toBeNull();
    await page.getByRole('tree', { name: 'Folders' }).getByRole('button', { name: /Sent/ }).click();
    await expect(page.locator('li[data-uid]', { hasText: `Sent ${tag}` })).toBeVisible();
  });

  test('browses real mail page by page: Older, open, back, Newer; zod loads when Compose is pointed at', async ({ page }) => {
    skipWithoutMailServer();
    await signInWithMailbox(page);
    const scripts = scriptPaths(page);
    const formsLoaded = () => scripts.some((path) => path.includes('/assets/forms-'));
    const scriptsInFlight = new Set<Request>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scriptsInFlight.add(request);
    });
    const settled = (request: Request) => scriptsInFlight.delete(request);
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    await page.goto('/inbox');
    const pager = page.getByTestId('pager');
    await expect(pager).toHaveText(/^1–25 of \d+$/);
    const total = Number((await pager.innerText()).split(' of ')[1]);
    expect(total).toBeGreaterThan(CORPUS_COUNT);
    // The pointer on Older asks for the next page before the click.
    const nextPage = page.waitForResponse((r) => r.url().includes('/api/mailbox?') && r.url().includes('page=2'));
    await page.getByRole('button', { name: 'Older' }).hover();
    expect((await nextPage).ok()).toBe(true);
    await page.getByRole('button', { name: 'Older' }).click();
    await expect(pager).toHaveText(`26–${Math.min(50, total)} of ${total}`);
    // The oldest rows are the corpus mail, appended first.
    const oldest = page.locator('li[data-uid]').last();
    await expect(oldest).toContainText(corpusSubjects[0]!);
    await oldest.getByRole('button', { name: corpusSubjects[0]! }).click();
    await expect(page.getByRole('heading', { level: 2, name: corpusSubjects[0]! })).toBeVisible();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('u');
    await expect(pager).toHaveText(`26–${Math.min(50, total)} of ${total}`);
    await page.getByRole('button', { name: 'Newer' }).click();
    await expect(pager).toHaveText(`1–25 of ${total}`);
    expect(formsLoaded()).toBe(false);
    // The pointer on Compose starts the download; the panel then opens at once, without showing
    // its loading frame first (a Suspense fallback would have shown it for React's 300 ms).
    await page.getByRole('button', { name: 'Compose', exact: true }).hover();
    await expect.poll(formsLoaded).toBe(true);
    // Downloaded, with what it imports, and run, as it is by the time a user's hand reaches the key
    // (on a loaded machine the download alone can outlast the keypress).
    await expect.poll(() => scriptsInFlight.size).toBe(0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    const loadingFrameShown = await page.evaluateHandle(() => {
      const seen = { value: false };
      new MutationObserver(() => {
        seen.value ||= document.querySelector('[role="dialog"][aria-busy="true"]') !== null;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
      return seen;
    });
    await page.keyboard.press('c');
    await expect(page.getByRole('dialog', { name: 'New message' }).getByLabel('To')).toBeVisible();
    expect(await loadingFrameShown.evaluate((seen) => seen.value)).toBe(false);
  });

  test(`opens ${HOSTILE_HTML.length} hostile mails one after the other: no script runs, nothing remote is requested`, async ({
    page,
  }) => {
    // 47 messages opened one by one in the sandboxed frame: longer than one screen's minute.
    test.setTimeout(150_000);
    skipWithoutMailServer();
    const folder = `XSS-${tag}`;
    const client = webmailImap();
    await client.connect();
    await client.mailboxCreate(folder);
    for (const [i, vector] of HOSTILE_HTML.entries()) {
      const raw =
        `From: Attacker <bad@attacker.example>\r\nTo: ${process.env.E2E_INBOX_USER}\r\nSubject: Vector ${String(i).padStart(2, '0')}\r\n` +
        `Message-ID: <v${i}-${tag}@attacker.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n` +
        `<p>vector ${i}</p>${vector}\r\n`;
      await client.append(folder, Buffer.from(raw), []);
    }
    await client.logout();

    const leaks: string[] = [];
    const dialogs: string[] = [];
    page.on('request', (request) => {
      if (/\.example[/:]/.test(request.url())) leaks.push(request.url());
    });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInWithMailbox(page);
    await page.goto('/inbox');
    await page.getByRole('tree', { name: 'Folders' }).getByRole('button', { name: folder }).click();
    const first = page.locator('li[data-uid]').first();
    await expect(first).toContainText(`Vector ${String(HOSTILE_HTML.length - 1).padStart(2, '0')}`);
    const opened = new Set<string>();
    /** Opens every row of the page in turn (Enter, then j), each body loaded in the sandboxed frame. */
    const readPage = async () => {
      const uids = await page.locator('li[data-uid]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.uid!));
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Enter');
      for (const [i, uid] of uids.entries()) {
        if (i > 0) await page.keyboard.press('j');
        await expect(page.locator('iframe[title="Message body"]')).toHaveAttribute(
          'src',
          new RegExp(`/messages/${encodeURIComponent(uid)}/body`),
        );
        await expect(page.frameLocator('iframe[title="Message body"]').getByText(/^vector \d+$/)).toBeVisible();
        opened.add(uid);
      }
      await page.keyboard.press('u');
    };
    await readPage();
    await page.getByRole('button', { name: 'Older' }).click();
    await expect(page.getByTestId('pager')).toContainText('26–');
    await readPage();
    expect(opened.size).toBe(HOSTILE_HTML.length);
    expect(await page.title()).not.toMatch(/pwned|XSS/i);
    expect(dialogs).toEqual([]);
    expect(leaks).toEqual([]);
  });

  test('speaks French', async ({ page }) => {
    skipWithoutMailServer();
    await signInWithMailbox(page);
    await page.goto('/inbox?lng=fr');
    await expect(page.getByRole('tree', { name: 'Dossiers' }).getByRole('button', { name: /Boîte de réception/ })).toBeVisible();
    await page.getByRole('button', { name: 'Actualiser' }).click();
    await expect(page.getByText('E-mails chargés avec succès !')).toBeVisible();
    await page.getByRole('button', { name: 'Plus anciens' }).click();
    await expect(page.getByTestId('pager')).toHaveText(/^26–\d+ sur \d+$/);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Raccourcis clavier' })).toBeVisible();
  });
});
