import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../mail/mime/parse-message';
import { spamFeatures } from './spam-features';
import { SPAM_THRESHOLD, spamVerdict } from './spam-model';

const crlf = (...lines: string[]) => lines.join('\r\n');

function message(from: string, subject: string, body: string, extraHeaders: string[] = []): string {
  return crlf(
    `From: ${from}`,
    'To: contact@paysagesmorel.ca',
    `Subject: ${subject}`,
    'Date: Tue, 04 Mar 2025 09:15:00 +0100',
    'Message-ID: <m1@example.com>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    ...extraHeaders,
    '',
    body,
  );
}

const verdict = async (raw: string) => spamVerdict(await parseMessage(raw));

const PAUL = 'Paul Durand <paul.durand@gmail.com>';
const QUOTE_REQUEST = 'Hello, could you send me a quote for hedge trimming next week? Thanks, Paul';
const quoteRequest = message(PAUL, 'Hedge trimming', QUOTE_REQUEST);

describe('spamVerdict', () => {
  it('takes an obvious spam for spam, and says why', async () => {
    const v = await verdict(
      message(
        '"Prize Center" <winner@prizes-online.biz>',
        'You have WON $1,000,000!!!',
        'You have WON $1,000,000!!! Click here to claim your prize, viagra, unsubscribe',
      ),
    );
    expect(v.spam).toBe(true);
    expect(v.probability).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
    expect(v.signals.length).toBeGreaterThan(0);
    expect(v.signals.length).toBeLessThanOrEqual(3);
  });

  it('leaves ordinary customer mail alone, in English and in French', async () => {
    const mails = [
      quoteRequest,
      message(
        'Marie Tremblay <marie.tremblay@videotron.ca>',
        'Facture 1234',
        'Bonjour, ma facture n° 1234 est-elle payée ? Merci',
      ),
      message(
        'Sofia Alvarez <sofia.alvarez@outlook.com>',
        'Application - seasonal landscaper',
        [
          'Dear hiring manager,',
          '',
          'I would like to apply for the seasonal landscaper position advertised on your website. I have three',
          "summers of experience in lawn care and planting, a driver's licence, and I am available from April to October.",
          '',
          'Please find my resume attached. I would be happy to come in for an interview at your convenience.',
          '',
          'Best regards,',
          'Sofia Alvarez',
        ].join('\r\n'),
      ),
    ];
    for (const raw of mails) {
      const v = await verdict(raw);
      expect(v.spam).toBe(false);
      expect(v.suspected).toBe(false);
    }
  });

  it('reads the words of business as business: an offer, credit terms and a marketing plan are not spam', async () => {
    const v = await verdict(
      message(
        'Dana Whitfield <dana.whitfield@northfieldsupply.com>',
        'Revised offer for the spring contract',
        [
          'Hi Paul,',
          '',
          'Following our call on Monday, here is our revised offer for the spring contract: we can extend',
          'credit terms to 60 days and share the cost of the marketing flyers for your new service area.',
          'The pricing is in the attached file. Could you review it with your partner and let me know by Friday',
          'whether the delivery schedule works for your crews?',
          '',
          'Dana Whitfield',
          'Northfield Supply',
        ].join('\r\n'),
      ),
    );
    expect(v.spam).toBe(false);
    expect(v.suspected).toBe(false);
  });

  it('does not learn who writes to whom: the correspondents’ names and domains are not words of the message', async () => {
    const named = await parseMessage(
      message('Louise Kitchen <louise.kitchen@enron.com>', 'Enron update for Louise', 'Louise, the Enron update is ready.'),
    );
    const words = [...spamFeatures(named).keys()].filter((f) => /^[sw]:/.test(f));
    expect(words).toEqual(['s:update', 'w:update', 'w:ready']);
  });

  it('leaves a short letter alone: a greeting or a thank-you is not an empty message', async () => {
    for (const [subject, body] of [
      ['Lunch', 'Hello there'],
      ['Re: Quote', 'Thanks!'],
      ['Demain', 'Merci, à demain.'],
    ] as const) {
      const v = await verdict(message('John Doe <john.doe@client.com>', subject, body));
      expect(v.spam, `${subject}: ${body}`).toBe(false);
      expect(v.suspected, `${subject}: ${body}`).toBe(false);
    }
  });

  it('does not read the receiving server’s verdict', async () => {
    const flagged = message(PAUL, 'Hedge trimming', QUOTE_REQUEST, [
      'X-Spam-Flag: YES',
      'X-Spam-Status: Yes, score=15.2 required=5.0',
      'X-Spam-Level: ***************',
    ]);
    const [plain, withFlag] = await Promise.all([parseMessage(quoteRequest), parseMessage(flagged)]);
    expect([...spamFeatures(withFlag)]).toEqual([...spamFeatures(plain)]);
    expect(spamVerdict(withFlag).probability).toBe(spamVerdict(plain).probability);
  });

  it('ships a model file under 5 MB', () => {
    expect(statSync(new URL('./spam-model.json', import.meta.url)).size).toBeLessThan(5 * 1024 * 1024);
  });
});
