import type { Readable } from 'node:stream';
import { MailParser, type AttachmentStream } from 'mailparser';
import { parserOptions } from './parse-message';

export interface StreamedAttachment {
  filename: string | null;
  contentType: string;
  /** The decoded bytes, as they are read. */
  content: Readable;
}

/** The parser failed before the attachment was handed over: nothing was sent, another way may be tried. */
export class AttachmentParseError extends Error {}

/**
 * Reads a raw message as it arrives and hands its `index`-th attachment (numbered as
 * `parseMessage` lists them: the same parser, the same order) to `use` as a stream. The attachments
 * before it are read past and nothing is kept in memory; the rest of the message is not read.
 * Resolves to what `use` returns, or null when the message has fewer attachments.
 */
export function withAttachmentStream<T>(
  source: Readable,
  index: number,
  use: (attachment: StreamedAttachment) => Promise<T>,
): Promise<T | null> {
  return new Promise<T | null>((resolve, reject) => {
    const parser = new MailParser(parserOptions());
    let seen = 0;
    let handedOver = false;
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      parser.destroy();
      done();
    };
    const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
    const fail = (error: unknown) =>
      settle(() => reject(handedOver ? asError(error) : new AttachmentParseError(String(error), { cause: error })));

    parser.on('data', (data: { type: string }) => {
      if (data.type !== 'attachment') return;
      const attachment = data as AttachmentStream;
      if (seen++ !== index || handedOver) {
        attachment.content.on('end', () => attachment.release?.());
        attachment.content.resume();
        return;
      }
      handedOver = true;
      use({ filename: attachment.filename ?? null, contentType: attachment.contentType, content: attachment.content }).then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(asError(error))),
      );
    });
    parser.on('end', () => settle(() => resolve(null)));
    parser.on('error', fail);
    source.on('error', fail);
    source.pipe(parser);
  });
}
