import { describe, expect, it } from 'vitest';
import { parseMessage } from '../mail/mime/parse-message';
import { buildForward, buildReply, outgoingMessageId, replyRecipients } from './outgoing';

const references = Array.from({ length: 20 }, (_, i) => `<r${i}@client.example>`).join(' ');
const original = () =>
  parseMessage(
    Buffer.from(
      `From: Anne Müller <Anne@Client.example>\r\nReply-To: desk@client.example\r\nSubject: Rendez-vous samedi ?\r\n` +
        `Message-ID: <q1@client.example>\r\nReferences: ${references}\r\n\r\nPuis-je passer samedi ?\r\n`,
    ),
  );
const from = { name: 'Boutique Été', address: 'shop@example.com' };
const date = new Date('2026-03-02T09:30:00Z');

/**
 * The pipeline's mail byte for byte (as written before the MIME composer was shared with the
 * webmail): a crash recovery finds a draft or a send again by its deterministic Message-ID.
 */
describe('the pipeline’s outgoing mail', () => {
  it('makes deterministic Message-IDs', () => {
    expect(outgoingMessageId('draft', 'a1', 'app.example')).toBe('<draft.a1@app.example>');
  });

  it('writes a reply byte for byte: loop headers first, threaded (References capped at 20), quoted-printable text', async () => {
    const raw = await buildReply({
      original: await original(),
      from,
      text: 'Bonjour, oui : samedi de 9 h à 12 h.\n\nÀ bientôt,\nBoutique Été\n',
      messageId: '<reply.0b7e3c52-action@app.example>',
      headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All', 'X-Loop': 'acc-1@app.example' },
      date,
    });
    expect(raw.toString('latin1')).toBe(
      'Auto-Submitted: auto-replied\r\nX-Auto-Response-Suppress: All\r\nX-Loop: acc-1@app.example\r\n' +
        'From: =?UTF-8?Q?Boutique_=C3=89t=C3=A9?= <shop@example.com>\r\nTo: desk@client.example\r\n' +
        'In-Reply-To: <q1@client.example>\r\n' +
        'References: <r1@client.example> <r2@client.example> <r3@client.example>\r\n' +
        ' <r4@client.example> <r5@client.example> <r6@client.example>\r\n' +
        ' <r7@client.example> <r8@client.example> <r9@client.example>\r\n' +
        ' <r10@client.example> <r11@client.example> <r12@client.example>\r\n' +
        ' <r13@client.example> <r14@client.example> <r15@client.example>\r\n' +
        ' <r16@client.example> <r17@client.example> <r18@client.example>\r\n' +
        ' <r19@client.example> <q1@client.example>\r\n' +
        'Subject: Re: Rendez-vous samedi ?\r\nMessage-ID: <reply.0b7e3c52-action@app.example>\r\n' +
        'Date: Mon, 02 Mar 2026 09:30:00 +0000\r\nContent-Transfer-Encoding: quoted-printable\r\n' +
        'MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n' +
        'Bonjour, oui : samedi de 9 h =C3=A0 12 h.\n\n=C3=80 bient=C3=B4t,\nBoutique =C3=89t=C3=A9\n',
    );
    expect(replyRecipients(await original())).toEqual(['desk@client.example']);
  });

  it('writes a draft without threading when the original has no Message-ID, keeping its subject prefix', async () => {
    const bare = await parseMessage(Buffer.from('From: Bob <Bob@X.example>\r\nSubject: RE: hi\r\n\r\nno id\r\n'));
    const raw = await buildReply({
      original: bare,
      from: { name: '', address: 'shop@example.com' },
      text: 'Short.',
      messageId: '<draft.a2@app.example>',
      date,
    });
    expect(raw.toString('latin1')).toBe(
      'From: shop@example.com\r\nTo: bob@x.example\r\nSubject: RE: hi\r\nMessage-ID: <draft.a2@app.example>\r\n' +
        'Date: Mon, 02 Mar 2026 09:30:00 +0000\r\nContent-Transfer-Encoding: 7bit\r\nMIME-Version: 1.0\r\n' +
        'Content-Type: text/plain; charset=utf-8\r\n\r\nShort.\r\n',
    );
  });

  it('writes a forward with the original attached whole as message/rfc822 (boundary aside, byte for byte)', async () => {
    const raw = await buildForward({
      original: await original(),
      originalRaw: Buffer.from('From: a@b\r\nSubject: x\r\n\r\nbody\r\n'),
      from,
      to: ['acc@example.org'],
      note: 'Note',
      messageId: '<forward.x@app.example>',
      headers: { 'X-Loop': 'acc-1@app.example' },
      date,
    });
    expect(raw.toString('latin1').replace(/NmP-[0-9a-f]+/g, 'NmP-X')).toBe(
      'X-Loop: acc-1@app.example\r\nFrom: =?UTF-8?Q?Boutique_=C3=89t=C3=A9?= <shop@example.com>\r\n' +
        'To: acc@example.org\r\nSubject: Fwd: Rendez-vous samedi ?\r\nMessage-ID: <forward.x@app.example>\r\n' +
        'Date: Mon, 02 Mar 2026 09:30:00 +0000\r\nMIME-Version: 1.0\r\n' +
        'Content-Type: multipart/mixed; boundary="--_NmP-X-Part_1"\r\n\r\n' +
        '----_NmP-X-Part_1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\nNote\r\n' +
        '----_NmP-X-Part_1\r\nContent-Type: message/rfc822; name=forwarded-message.eml\r\n' +
        'Content-Transfer-Encoding: 7bit\r\nContent-Disposition: inline; filename=forwarded-message.eml\r\n\r\n' +
        'From: a@b\r\nSubject: x\r\n\r\nbody\r\n\r\n----_NmP-X-Part_1--\r\n',
    );
  });
});
