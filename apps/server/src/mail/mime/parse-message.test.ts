import { describe, expect, it } from 'vitest';
import { parseMessage } from './parse-message';

const crlf = (...lines: string[]) => lines.join('\r\n');

/** Deterministic bytes (a linear congruential generator), so a failure can be replayed. */
function noise(length: number, seed = 42): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

describe('parseMessage', () => {
  it('reads a plain message: ids, addresses, date, text', async () => {
    const m = await parseMessage(
      crlf(
        'From: "  Alice Martin " <Alice.Martin@Example.COM>',
        'To: bob@example.org, "Carol" <CAROL@example.net>',
        'Cc: Team: dave@example.org, erin@example.org;',
        'Reply-To: <replies@example.com>',
        'Subject: Quarterly figures',
        'Date: Tue, 04 Mar 2025 09:15:00 +0100',
        'Message-ID: <m1@example.com>',
        'In-Reply-To: <m0@example.com> (sent by Bob)',
        'References: <a@example.com>',
        '  <m0@example.com>',
        '',
        'Hello Bob,',
        'the figures are attached.',
      ),
    );
    expect(m).toMatchObject({
      messageId: '<m1@example.com>',
      inReplyTo: '<m0@example.com>',
      references: ['<a@example.com>', '<m0@example.com>'],
      subject: 'Quarterly figures',
      from: { name: 'Alice Martin', address: 'alice.martin@example.com' },
      to: [
        { name: '', address: 'bob@example.org' },
        { name: 'Carol', address: 'carol@example.net' },
      ],
      cc: [
        { name: '', address: 'dave@example.org' },
        { name: '', address: 'erin@example.org' },
      ],
      bcc: [],
      replyTo: [{ name: '', address: 'replies@example.com' }],
      html: null,
      attachments: [],
      truncated: false,
      parseError: null,
    });
    expect(m.date?.toISOString()).toBe('2025-03-04T08:15:00.000Z');
    expect(m.text).toBe('Hello Bob,\nthe figures are attached.');
  });

  it('keeps both bodies of multipart/alternative', async () => {
    const m = await parseMessage(
      crlf(
        'From: a@example.com',
        'Subject: alt',
        'Content-Type: multipart/alternative; boundary="XX"',
        '',
        '--XX',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Plain version',
        '--XX',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>HTML <b>version</b></p>',
        '--XX--',
        '',
      ),
    );
    expect(m.text.trim()).toBe('Plain version');
    expect(m.html).toContain('<p>HTML <b>version</b></p>');
  });

  it('converts html-only mail to text', async () => {
    const m = await parseMessage(crlf('From: a@example.com', 'Content-Type: text/html', '', '<p>Only <i>html</i></p>'));
    expect(m.text.trim()).toBe('Only html');
    expect(m.html).toBe('<p>Only <i>html</i></p>');
  });

  describe('attachments', () => {
    const pdf = Buffer.from('%PDF-1.4 fake invoice');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const raw = crlf(
      'From: billing@example.com',
      'Subject: Invoice',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/related; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/html',
      '',
      '<img src="cid:logo@example.com"> Your invoice',
      '--inner',
      'Content-Type: image/png',
      'Content-ID: <logo@example.com>',
      'Content-Transfer-Encoding: base64',
      '',
      png.toString('base64'),
      '--inner--',
      '--outer',
      'Content-Type: application/pdf; name="invoice.pdf"',
      'Content-Disposition: attachment; filename="=?utf-8?Q?facture_n=C2=B01.pdf?="',
      'Content-Transfer-Encoding: base64',
      '',
      pdf.toString('base64'),
      '--outer--',
      '',
    );

    it('lists their metadata without the content', async () => {
      const m = await parseMessage(raw);
      expect(m.attachments).toEqual([
        { filename: null, contentType: 'image/png', size: png.length, contentId: 'logo@example.com', inline: true },
        { filename: 'facture n°1.pdf', contentType: 'application/pdf', size: pdf.length, contentId: null, inline: false },
      ]);
      expect(m.html).toContain('cid:logo@example.com');
    });

    it('keeps the content when asked', async () => {
      const m = await parseMessage(raw, { withAttachments: true });
      expect(m.attachments.map((a) => a.content)).toEqual([png, pdf]);
    });
  });

  it('decodes RFC 2047 encoded words in iso-8859-1 and utf-8', async () => {
    const m = await parseMessage(
      crlf(
        'From: =?ISO-8859-1?Q?Ren=E9_Lef=E8vre?= <rene@example.fr>',
        'To: =?utf-8?B?0JjQstCw0L0=?= <ivan@example.ru>',
        'Subject: =?iso-8859-1?q?R=E9union_d=E9cal=E9e?= =?UTF-8?B?4oCUIOKCrDUw?=',
        'Content-Type: text/plain; charset=iso-8859-1',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Caf=E9 cr=E8me',
      ),
    );
    expect(m.subject).toBe('Réunion décalée— €50');
    expect(m.from).toEqual({ name: 'René Lefèvre', address: 'rene@example.fr' });
    expect(m.to).toEqual([{ name: 'Иван', address: 'ivan@example.ru' }]);
    expect(m.text).toBe('Café crème');
  });

  it('decodes bodies in legacy charsets (8-bit koi8-r, windows-1252)', async () => {
    const koi8 = Buffer.concat([
      Buffer.from(crlf('From: a@example.ru', 'Content-Type: text/plain; charset=koi8-r', '', '')),
      Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]),
    ]);
    expect((await parseMessage(koi8)).text).toBe('Привет');
    const cp1252 = Buffer.concat([
      Buffer.from(crlf('From: a@example.com', 'Content-Type: text/plain; charset=windows-1252', '', '')),
      Buffer.from([0x93, 0x6f, 0x6b, 0x94, 0x20, 0x80]),
    ]);
    expect((await parseMessage(cp1252)).text).toBe('“ok” €');
  });

  it('reads a message without From', async () => {
    const m = await parseMessage(crlf('To: someone@example.com', 'Subject: anonymous', 'Message-ID: <x1@example.com>', '', 'hi'));
    expect(m).toMatchObject({ from: null, subject: 'anonymous', messageId: '<x1@example.com>', text: 'hi', parseError: null });
  });

  it('recovers a sender from a malformed From and a null date from an unreadable Date', async () => {
    const m = await parseMessage(
      crlf('From: joko@rs.example.jp@FreeBSD.ORG', 'Date: the day after tomorrow', 'Subject: x', '', 'b'),
    );
    expect(m.from).toEqual({ name: '', address: 'joko@rs.example.jp@freebsd.org' });
    expect(m.date).toBeNull();
  });

  it('normalises Message-IDs written with comments or without brackets', async () => {
    const withComment = await parseMessage(
      crlf('From: a@b.example', 'Message-ID: <3D43@mta.example> (added by postmaster@mta.example)', '', ''),
    );
    expect(withComment.messageId).toBe('<3D43@mta.example>');
    const bare = await parseMessage(crlf('From: a@b.example', 'Message-ID: id-without-brackets@host', '', ''));
    expect(bare.messageId).toBe('<id-without-brackets@host>');
  });

  it('does not throw on a garbage buffer, and says it was not a message', async () => {
    for (const raw of [noise(64 * 1024), noise(1), Buffer.alloc(0), Buffer.alloc(4096), '\r\n\r\n\r\n']) {
      const m = await parseMessage(raw);
      expect(m.from).toBeNull();
      expect(m.messageId).toBeNull();
      expect(m.parseError).toBe('no message header fields');
    }
  });

  it('reads a message whose header block is over 1 MB, fields bounded', async () => {
    const started = Date.now();
    const m = await parseMessage(
      crlf(
        'From: Big <big@example.com>',
        `X-Padding: ${'a'.repeat(1024 * 1024)}`,
        `Subject: ${'s'.repeat(1024 * 1024)}`,
        'Message-ID: <big@example.com>',
        '',
        'still here',
      ),
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(m).toMatchObject({
      from: { address: 'big@example.com' },
      messageId: '<big@example.com>',
      text: 'still here',
      truncated: true,
    });
    expect(m.subject.length).toBeLessThanOrEqual(16 * 1024);
    expect(m.parseError).toMatch(/header size/i);
  });

  it('reads headers and raw text when the MIME tree is too large to parse', async () => {
    const parts = Array.from({ length: 1_200 }, (_, i) => crlf('--b', 'Content-Type: text/plain', '', `part ${i}`)).join('\r\n');
    const m = await parseMessage(
      crlf('From: many@example.com', 'Subject: parts', 'Content-Type: multipart/mixed; boundary=b', '', parts, '--b--'),
    );
    expect(m).toMatchObject({ from: { address: 'many@example.com' }, subject: 'parts', truncated: true });
    expect(m.parseError).toMatch(/child nodes/i);
    expect(m.text).toContain('part 1199');
  });

  it('caps text, html and the raw message at the configured sizes', async () => {
    const body = 'x'.repeat(5_000);
    const m = await parseMessage(crlf('From: a@example.com', '', body), { maxBodyChars: 1_000 });
    expect(m.text).toHaveLength(1_000);
    expect(m.truncated).toBe(true);
    const short = await parseMessage(crlf('From: a@example.com', '', body), { maxMessageBytes: 100 });
    expect(short.text.length).toBeLessThan(100);
    expect(short.truncated).toBe(true);
  });

  it('keeps every loop-relevant header value, unfolded, under lower-case names', async () => {
    const m = await parseMessage(
      crlf(
        'From: list@example.org',
        'AUTO-SUBMITTED: Auto-Generated',
        'Precedence: bulk',
        'List-Id: Team news <news.example.org>',
        'List-Unsubscribe: <mailto:leave@example.org>,',
        ' <https://example.org/leave>',
        'X-Loop: one@example.org',
        'X-Loop: two@example.org',
        'Return-Path: <>',
        'Authentication-Results: mx.example.net; spf=pass smtp.mailfrom=example.org;',
        '\tdkim=pass header.d=example.org; dmarc=pass',
        'X-Auto-Response-Suppress: OOF, AutoReply',
        'X-Mailer: not kept',
        '',
        'b',
      ),
    );
    expect(m.headers).toEqual({
      'auto-submitted': ['Auto-Generated'],
      precedence: ['bulk'],
      'list-id': ['Team news <news.example.org>'],
      'list-unsubscribe': ['<mailto:leave@example.org>, <https://example.org/leave>'],
      'x-loop': ['one@example.org', 'two@example.org'],
      'return-path': ['<>'],
      'authentication-results': [
        'mx.example.net; spf=pass smtp.mailfrom=example.org;\tdkim=pass header.d=example.org; dmarc=pass',
      ],
      'x-auto-response-suppress': ['OOF, AutoReply'],
    });
  });
});
