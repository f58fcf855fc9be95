import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { parseMessage } from './parse-message';
import { withAttachmentStream } from './stream-attachment';

const part = (name: string, body: string) =>
  `--cut\r\nContent-Type: text/plain; name="${name}"\r\nContent-Disposition: attachment; filename="${name}"\r\n\r\n${body}\r\n`;

const message = Buffer.from(
  'From: a@client.example\r\nTo: b@example.com\r\nSubject: Files\r\nMIME-Version: 1.0\r\n' +
    'Content-Type: multipart/mixed; boundary="cut"\r\n\r\n--cut\r\nContent-Type: text/html\r\n\r\n<p>Hello</p>\r\n' +
    part('one.txt', 'first file') +
    part('two.txt', 'second file') +
    part('three.txt', 'x'.repeat(16 * 1024 * 1024)) +
    '--cut--\r\n',
);

/** The message in 16 KiB pieces, counting what was read of it. */
function source() {
  const counter = { read: 0 };
  const pieces = function* () {
    for (let at = 0; at < message.length; at += 16 * 1024) {
      const piece = message.subarray(at, at + 16 * 1024);
      counter.read += piece.length;
      yield piece;
    }
  };
  return { stream: Readable.from(pieces()), counter };
}

describe('withAttachmentStream', () => {
  it('hands over the attachment parseMessage numbers the same way, and reads only a bounded way past it', async () => {
    const listed = (await parseMessage(message)).attachments.map((a) => a.filename);
    expect(listed).toEqual(['one.txt', 'two.txt', 'three.txt']);
    const { stream, counter } = source();
    const got = await withAttachmentStream(stream, 1, async (a) => ({ name: a.filename, body: await text(a.content) }));
    expect(got).toEqual({ name: 'two.txt', body: 'second file' });
    // The parser's buffers read ahead about 2 MiB, whatever follows: 16 MiB are left unread.
    expect(counter.read).toBeLessThan(4 * 1024 * 1024);
  });

  it('streams a large attachment whole, and answers null past the last one', async () => {
    const whole = await withAttachmentStream(source().stream, 2, async (a) => (await text(a.content)).length);
    expect(whole).toBe(16 * 1024 * 1024);
    expect(await withAttachmentStream(source().stream, 3, async () => 'never')).toBeNull();
  });

  it('passes on a failure of the source', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(withAttachmentStream(failing, 0, async () => 'never')).rejects.toThrow('connection lost');
  });
});
