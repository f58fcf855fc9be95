/**
 * APIs that send a whole MIME message (Gmail `messages.send`, Graph `sendMail`) take the recipients
 * from its headers; the message we build leaves Bcc out (it is the SMTP envelope's business). This
 * adds a Bcc header for the envelope recipients that To and Cc do not name; the vendor removes it.
 */
export function withBcc(raw: Buffer, recipients: string[]): Buffer {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const named = new Set(
    head
      .split(/\r?\n/)
      .filter((line) => /^(to|cc|bcc):/i.test(line))
      .flatMap((line) => line.match(/[^\s<>,;:"]+@[^\s<>,;"]+/g) ?? [])
      .map((a) => a.toLowerCase()),
  );
  const hidden = recipients.filter((r) => !named.has(r.toLowerCase()));
  return hidden.length ? Buffer.concat([Buffer.from(`Bcc: ${hidden.join(', ')}\r\n`), raw]) : raw;
}
