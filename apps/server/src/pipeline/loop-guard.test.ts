import { describe, expect, it } from 'vitest';
import type { ParsedMessage } from '../mail/mime/message';
import { parseMessage } from '../mail/mime/parse-message';
import {
  authenticationFails,
  autoReplyBlock,
  autoReplyHeaders,
  forwardHeaders,
  withinDailyCap,
  type AutoBlockReason,
  type LoopGuardContext,
} from './loop-guard';

const HELD_FORWARDS = new Set<AutoBlockReason>([
  'loop_marker',
  'null_sender',
  'delivery_report',
  'junk_folder',
  'spam_flagged',
  'auth_failed',
]);
const NOW = new Date('2025-06-02T10:00:00Z');
const HOUR = 60 * 60 * 1000;

const context = (overrides: Partial<LoopGuardContext> = {}): LoopGuardContext => ({
  action: 'reply',
  mailboxAddress: 'support@acme.example',
  mailboxAliases: ['help@acme.example'],
  folderSpecialUse: '\\Inbox',
  loopMarker: 'mbx-1@assistant.example',
  now: NOW,
  ...overrides,
});

/** An incoming message as the pipeline sees it: raw text through the real parser. */
function incoming(headers: string[] = [], from: string | null = 'Paul Martin <paul@client.example>'): Promise<ParsedMessage> {
  const lines = [
    ...(from === null ? [] : [`From: ${from}`]),
    'To: support@acme.example',
    'Subject: Where is my order?',
    'Message-ID: <q1@client.example>',
    ...headers,
    '',
    'Hello, any news?',
  ];
  return parseMessage(lines.join('\r\n'));
}

async function blockOf(headers: string[], from?: string | null, overrides?: Partial<LoopGuardContext>) {
  return autoReplyBlock(await incoming(headers, from), context(overrides));
}

describe('autoReplyBlock', () => {
  it('allows a reply and a forward to a normal message from a person', async () => {
    const headers = [
      'Auto-Submitted: no',
      'Return-Path: <paul@client.example>',
      'Authentication-Results: mx.acme.example; spf=pass smtp.mailfrom=client.example; dkim=pass header.d=client.example; dmarc=pass',
      'X-Loop: someone-else@elsewhere.example',
      'X-Auto-Response-Suppress: DR, RN, NRN',
      'Precedence: first-class',
    ];
    expect(await blockOf(headers)).toBeNull();
    expect(await blockOf(headers, undefined, { action: 'forward' })).toBeNull();
  });

  it.each<[string, string[], AutoBlockReason]>([
    ['Auto-Submitted: auto-replied', ['Auto-Submitted: auto-replied'], 'auto_submitted'],
    ['Auto-Submitted: auto-generated', ['Auto-Submitted: auto-generated'], 'auto_submitted'],
    ['Auto-Submitted with parameters', ['Auto-Submitted: auto-notified; owner-email="a@b.example"'], 'auto_submitted'],
    ['Auto-Submitted, any case', ['AUTO-SUBMITTED: Auto-Replied'], 'auto_submitted'],
    ['Precedence: bulk', ['Precedence: bulk'], 'precedence'],
    ['Precedence: LIST', ['PRECEDENCE: LIST'], 'precedence'],
    ['Precedence: junk', ['Precedence: Junk'], 'precedence'],
    ['List-Id', ['List-Id: Announcements <news.client.example>'], 'mailing_list'],
    ['List-Unsubscribe', ['List-Unsubscribe: <https://client.example/u/1>'], 'mailing_list'],
    ['List-Post', ['list-post: <mailto:team@lists.example>'], 'mailing_list'],
    ['null Return-Path', ['Return-Path: <>'], 'null_sender'],
    ['bounce Return-Path', ['Return-Path: <bounces+8841-paul=client.example@mail.sender.example>'], 'system_sender'],
    ['no-reply Reply-To', ['Reply-To: No Reply <NO-REPLY@client.example>'], 'system_sender'],
    ['X-Autoreply', ['X-Autoreply: yes'], 'autoreply_header'],
    ['X-Autorespond', ['X-Autorespond: Out of office'], 'autoreply_header'],
    ['X-Auto-Response-Suppress: All', ['X-Auto-Response-Suppress: All'], 'response_suppressed'],
    ['X-Auto-Response-Suppress: AutoReply', ['X-Auto-Response-Suppress: DR, autoreply'], 'response_suppressed'],
    ['X-Auto-Response-Suppress: OOF', ['X-Auto-Response-Suppress: OOF'], 'response_suppressed'],
    ['our own X-Loop', ['X-Loop: MBX-1@assistant.example'], 'loop_marker'],
    ['dmarc=fail', ['Authentication-Results: mx.acme.example; spf=pass; dkim=pass; DMARC=FAIL (p=reject)'], 'auth_failed'],
    [
      'spf=fail and dkim=fail',
      [
        'Authentication-Results: mx.acme.example;',
        '\tspf=fail smtp.mailfrom=client.example;',
        '\tdkim=fail header.d=client.example',
      ],
      'auth_failed',
    ],
  ])('blocks %s', async (_name, headers, reason) => {
    expect(await blockOf(headers)).toBe(reason);
    // A forward is held only for loops, bounces and spam: mail from robots and lists still goes on.
    expect(await blockOf(headers, undefined, { action: 'forward' })).toBe(HELD_FORWARDS.has(reason) ? reason : null);
  });

  it.each<[string, AutoBlockReason]>([
    ['MAILER-DAEMON@mx.client.example', 'delivery_report'],
    ['"Mail Delivery System" <postmaster@client.example>', 'delivery_report'],
    ['noreply@client.example', 'system_sender'],
    ['No_Reply@client.example', 'system_sender'],
    ['do-not-reply@client.example', 'system_sender'],
    ['DoNotReply+orders@client.example', 'system_sender'],
    ['no-reply-billing@client.example', 'system_sender'],
    ['owner-announce@lists.example', 'system_sender'],
    ['announce-request@lists.example', 'system_sender'],
    ['"Acme Support" <Support@ACME.example>', 'own_address'],
    ['help@acme.example', 'own_address'],
    ['"" <>', 'null_sender'],
  ])('blocks mail from %s', async (from, reason) => {
    expect(await blockOf([], from)).toBe(reason);
  });

  it('blocks mail without From', async () => {
    expect(await blockOf([], null)).toBe('null_sender');
  });

  it('does not mistake people for robots', async () => {
    for (const from of [
      'noreen@client.example',
      'bounce.house@client.example',
      'postmaster-general@gov.example',
      'replyguy@client.example',
    ]) {
      expect(await blockOf([], from), from).toBeNull();
    }
  });

  it('blocks mail in Junk or Spam, whatever the provider calls it', async () => {
    for (const folder of ['\\Junk', '\\junk', 'Spam', '\\Spam']) {
      expect(await blockOf([], undefined, { folderSpecialUse: folder })).toBe('junk_folder');
    }
    expect(await blockOf([], undefined, { folderSpecialUse: null })).toBeNull();
  });

  it('answers a sender once a day, and forwards regardless', async () => {
    const answered = new Map([['paul@client.example', new Date(NOW.getTime() - 23 * HOUR)]]);
    const lastAutoReplyAt = (a: string) => answered.get(a);
    expect(await blockOf([], undefined, { lastAutoReplyAt })).toBe('recently_answered');
    expect(await blockOf([], undefined, { lastAutoReplyAt, action: 'forward' })).toBeNull();
    answered.set('paul@client.example', new Date(NOW.getTime() - 25 * HOUR));
    expect(await blockOf([], undefined, { lastAutoReplyAt })).toBeNull();
  });

  it('counts the Reply-To address as the sender answered', async () => {
    const answered = new Map([['orders@client.example', new Date(NOW.getTime() - HOUR)]]);
    const block = await blockOf(['Reply-To: orders@client.example'], undefined, { lastAutoReplyAt: (a) => answered.get(a) });
    expect(block).toBe('recently_answered');
  });

  it('reads header names in any case when given a message not built by the parser', () => {
    const message = {
      from: { name: 'Paul', address: 'paul@client.example' },
      replyTo: [],
      subject: 'Hello',
      text: 'Any news?',
      attachments: [],
      headers: { 'Auto-Submitted': ['Auto-Replied'] },
    };
    expect(autoReplyBlock(message, context())).toBe('auto_submitted');
    expect(autoReplyBlock({ ...message, headers: { 'List-ID': ['<x.example>'] } }, context())).toBe('mailing_list');
  });
});

describe('authenticationFails', () => {
  it.each<[string, boolean]>([
    ['mx.example; spf=pass; dkim=pass; dmarc=pass', false],
    ['mx.example; dmarc=fail', true],
    ['mx.example; spf=fail; dkim=fail', true],
    ['mx.example; spf=fail; dkim=pass', false],
    ['mx.example; spf=softfail; dkim=fail', false],
    ['mx.example; spf=fail; dkim=fail header.s=old; dkim=pass header.s=new', false],
    ['mx.example; spf=pass (not dmarc=fail, a comment (nested)) smtp.mailfrom=x', false],
    ['mx.example; dkim-adsp=fail; spf=pass', false],
    ['garbage without results', false],
  ])('%s → %s', (header, fails) => {
    expect(authenticationFails(header)).toBe(fails);
  });
});

describe('headers of our automatic mail', () => {
  it('marks replies auto-replied and forwards auto-generated, both with our X-Loop', () => {
    expect(autoReplyHeaders(context())).toEqual({
      'Auto-Submitted': 'auto-replied',
      'X-Loop': 'mbx-1@assistant.example',
      'X-Auto-Response-Suppress': 'All',
    });
    expect(forwardHeaders(context())).toMatchObject({ 'Auto-Submitted': 'auto-generated', 'X-Loop': 'mbx-1@assistant.example' });
  });

  it('caps automatic sends per day', () => {
    expect(withinDailyCap(0, 200)).toBe(true);
    expect(withinDailyCap(199, 200)).toBe(true);
    expect(withinDailyCap(200, 200)).toBe(false);
    expect(withinDailyCap(0, 0)).toBe(false);
  });
});

describe('two of our mailboxes on instant reply', () => {
  interface Mailbox {
    address: string;
    loopMarker: string;
    replies: number;
    answered: Map<string, Date>;
  }

  const compose = (from: string, to: string, subject: string, headers: Record<string, string>) =>
    [
      `From: ${from}`,
      `To: ${to}`,
      `Subject: ${subject}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      'Thanks!',
    ].join('\r\n');

  /**
   * Each owner writes to the other by hand; every mailbox answers what its guard allows. Returns the
   * replies each sent and why the rest were refused.
   */
  async function pingPong(options: { headers: boolean; memory: boolean; cap: number }) {
    const boxes: Mailbox[] = ['a@one.example', 'b@two.example'].map((address, i) => ({
      address,
      loopMarker: `mbx-${i}@assistant.example`,
      replies: 0,
      answered: new Map(),
    }));
    const [a, b] = boxes as [Mailbox, Mailbox];
    const inFlight = [
      { to: b, raw: compose(a.address, b.address, 'Lunch?', {}) },
      { to: a, raw: compose(b.address, a.address, 'Meeting', {}) },
    ];
    const refused: (AutoBlockReason | 'cap')[] = [];
    for (let delivered = 0; inFlight.length > 0 && delivered < 1_000; delivered++) {
      const { to: box, raw } = inFlight.shift()!;
      const message = await parseMessage(raw);
      const block = autoReplyBlock(message, {
        action: 'reply',
        mailboxAddress: box.address,
        loopMarker: box.loopMarker,
        now: NOW,
        ...(options.memory ? { lastAutoReplyAt: (s: string) => box.answered.get(s) } : {}),
      });
      if (block || !withinDailyCap(box.replies, options.cap)) {
        refused.push(block ?? 'cap');
        continue;
      }
      const recipient = (message.replyTo[0] ?? message.from)!.address;
      box.replies++;
      box.answered.set(recipient, NOW);
      const headers = options.headers ? autoReplyHeaders(box) : {};
      inFlight.push({
        to: boxes.find((x) => x.address === recipient)!,
        raw: compose(box.address, recipient, `Re: ${message.subject}`, headers),
      });
    }
    return { replies: boxes.map((x) => x.replies), refused, settled: inFlight.length === 0 };
  }

  it('stops after one reply each: the reply carries Auto-Submitted', async () => {
    const run = await pingPong({ headers: true, memory: false, cap: 200 });
    expect(run).toEqual({ replies: [1, 1], refused: ['auto_submitted', 'auto_submitted'], settled: true });
  });

  it('stops after one reply each without the headers too: one answer a day per sender', async () => {
    const run = await pingPong({ headers: false, memory: true, cap: 200 });
    expect(run).toEqual({ replies: [1, 1], refused: ['recently_answered', 'recently_answered'], settled: true });
  });

  it('is held by the daily cap when every other defence is gone', async () => {
    const run = await pingPong({ headers: false, memory: false, cap: 5 });
    expect(run.replies).toEqual([5, 5]);
    expect(run.settled).toBe(true);
  });
});
