import { describe, expect, it } from 'vitest';
import { composeMime, randomMessageId, replyThreading } from './compose-mime';
import { parseMessage } from './parse-message';

const date = new Date('2026-03-02T09:30:00Z');
const base = {
  from: { name: 'Owner Shop', address: 'shop@example.com' },
  to: ['ann@client.example'],
  subject: 'Hello',
  text: 'Hi Ann',
  messageId: '<m1@example.com>',
  date,
};
const head = (raw: Buffer) => raw.toString('latin1').split('\r\n\r\n')[0]!;

describe('composeMime, the MIME composer of the webmail and the pipeline', () => {
  it('writes no header for empty lists and strings, and the bare address for an empty name', async () => {
    const raw = await composeMime({
      ...base,
      from: { name: '', address: 'shop@example.com' },
      cc: [],
      bcc: [],
      inReplyTo: '',
      references: [],
      attachments: [],
      headers: {},
    });
    expect(raw.equals(await composeMime({ ...base, from: { name: '', address: 'shop@example.com' } }))).toBe(true);
    expect(head(raw)).toBe(
      'From: shop@example.com\r\nTo: ann@client.example\r\nSubject: Hello\r\nMessage-ID: <m1@example.com>\r\n' +
        'Date: Mon, 02 Mar 2026 09:30:00 +0000\r\nContent-Transfer-Encoding: 7bit\r\nMIME-Version: 1.0\r\n' +
        'Content-Type: text/plain; charset=utf-8',
    );
  });

  it('keeps the Bcc header only when asked (a draft), and threads as told', async () => {
    const mail = {
      ...base,
      cc: ['c@example.org'],
      bcc: ['boss@shop.example'],
      inReplyTo: '<q@x>',
      references: ['<a@x>', '<q@x>'],
    };
    const sent = head(await composeMime(mail));
    expect(sent).toContain('Cc: c@example.org');
    expect(sent).not.toMatch(/^Bcc:/m);
    expect(sent).toContain('In-Reply-To: <q@x>\r\nReferences: <a@x> <q@x>');
    expect(head(await composeMime({ ...mail, keepBcc: true }))).toMatch(/^Bcc: boss@shop\.example$/m);
  });

  it('attaches files, read back whole by the parser', async () => {
    const content = Buffer.from('%PDF-1.4 fake');
    const raw = await composeMime({
      ...base,
      attachments: [{ filename: 'tarif été.pdf', contentType: 'application/pdf', content }],
    });
    const parsed = await parseMessage(raw, { withAttachments: true });
    expect(parsed.text.trim()).toBe('Hi Ann');
    expect(parsed.attachments).toMatchObject([{ filename: 'tarif été.pdf', contentType: 'application/pdf' }]);
    expect(parsed.attachments[0]!.content!.equals(content)).toBe(true);
  });

  it('threads a reply on the original: In-Reply-To it, References its last 19 then it; nothing without its Message-ID', () => {
    const references = Array.from({ length: 25 }, (_, i) => `<r${i}@x>`);
    const threading = replyThreading({ messageId: '<q@x>', references });
    expect(threading.inReplyTo).toBe('<q@x>');
    expect(threading.references).toEqual([...references.slice(-19), '<q@x>']);
    expect(replyThreading({ messageId: null, references })).toEqual({});
  });

  it('makes random Message-IDs on the sender’s domain', () => {
    expect(randomMessageId('shop@example.com')).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    expect(randomMessageId('shop')).toMatch(/@localhost>$/);
    expect(randomMessageId('a@b.example')).not.toBe(randomMessageId('a@b.example'));
  });
});
