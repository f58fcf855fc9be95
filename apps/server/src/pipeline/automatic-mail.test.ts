import { describe, expect, it } from 'vitest';
import { parseMessage } from '../mail/mime/parse-message';
import { autoReplyBlock, type LoopGuardContext } from './loop-guard';

const context = (action: LoopGuardContext['action'] = 'reply'): LoopGuardContext => ({
  action,
  mailboxAddress: 'contact@bakery.example',
  folderSpecialUse: '\\Inbox',
  loopMarker: 'mbx-1@assistant.example',
  now: new Date('2026-06-02T10:00:00Z'),
});

/** A message from a person's address with no automatic header at all, through the real parser. */
function mail(subject: string, text: string, extra: string[] = []) {
  return parseMessage(
    [
      'From: Anne Keller <anne@client.example>',
      'To: contact@bakery.example',
      `Subject: ${subject}`,
      'Message-ID: <m1@client.example>',
      ...extra,
      '',
      text,
    ].join('\r\n'),
  );
}

const block = async (subject: string, text: string, action?: LoopGuardContext['action']) =>
  autoReplyBlock(await mail(subject, text), context(action));

describe('automatic replies without headers', () => {
  it.each([
    ['Out of Office: catering quote', 'I am away until Monday.'],
    ['Automatic reply: Your order', 'Thank you for your message.'],
    ['Réponse automatique : devis', 'Merci pour votre message.'],
    ['Absence du bureau', 'Je reviens le 12.'],
    ['Abwesenheitsnotiz: Angebot', 'Vielen Dank für Ihre Nachricht.'],
    ['Fuera de la oficina', 'Gracias por su mensaje.'],
    ['Fuori ufficio: preventivo', 'Grazie per il messaggio.'],
    ['Automatisch antwoord: offerte', 'Bedankt voor uw bericht.'],
    ['Resposta automática: orçamento', 'Obrigado pela sua mensagem.'],
  ])('recognises the subject "%s"', async (subject, text) => {
    expect(await block(subject, text)).toBe('autoreply_text');
  });

  it.each([
    ['RE: catering', 'This is an automatic reply. I will read your message when I am back.'],
    ['Devis', 'Bonjour,\nJe suis absente du bureau jusqu’au 14 août avec un accès limité.'],
    ['Angebot', 'Ich bin derzeit nicht im Büro und ab dem 3. März wieder erreichbar.'],
    ['Presupuesto', 'Estoy de vacaciones hasta el lunes 5.'],
    ['Preventivo', 'Sono in ferie fino al 20 agosto.'],
    ['Offerte', 'Ik ben afwezig tot en met vrijdag.'],
    ['Orçamento', 'Estou de férias até dia 10.'],
  ])('recognises the opening of "%s"', async (subject, text) => {
    expect(await block(subject, text)).toBe('autoreply_text');
  });

  it('answers a person who says they are away but asks something', async () => {
    expect(
      await block('Lawn while we are away', "Hi, I'm on holiday until the 20th, could you mow the lawn on Tuesday?"),
    ).toBeNull();
    expect(await block('Pelouse', 'Bonjour, je suis absente tout le mois, pouvez-vous passer tondre mardi ?')).toBeNull();
  });

  it('answers ordinary customer mail that shares words with automatic replies', async () => {
    expect(await block('Order not delivered', 'My order 1234 was not delivered yesterday. Where is it?')).toBeNull();
    expect(await block('Devis pour la réception', 'Pourriez-vous me faire un devis automatique ? Merci')).toBeNull();
    expect(await block('Quote', 'I am out of mulch in the back garden, how much for 3 more bags?')).toBeNull();
  });

  it('still forwards an automatic reply (only loops, bounces and spam hold a forward)', async () => {
    expect(await block('Out of Office: invoice', 'I am away.', 'forward')).toBeNull();
  });
});

describe('delivery reports', () => {
  it('recognises a multipart/report DSN from any sender', async () => {
    const raw = [
      'From: Mail Delivery Subsystem <mailer@mx.client.example>',
      'To: contact@bakery.example',
      'Subject: Delivery Status Notification (Failure)',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.client.example',
      '',
      'Final-Recipient: rfc822; nobody@client.example',
      'Action: failed',
      'Status: 5.1.1',
      '--b1--',
      '',
    ].join('\r\n');
    const parsed = await parseMessage(raw);
    expect(autoReplyBlock(parsed, context())).toBe('delivery_report');
    expect(autoReplyBlock(parsed, context('forward'))).toBe('delivery_report');
  });

  it.each([
    'Undeliverable: Your quote',
    'Non remis : devis',
    'Unzustellbar: Angebot',
    'Mail delivery failed: returning message to sender',
  ])('recognises the subject "%s"', async (subject) => {
    expect(await block(subject, 'The following message could not be delivered.')).toBe('delivery_report');
  });
});

describe('the receiving server spam verdict', () => {
  it.each([['X-Spam-Flag: YES'], ['X-Spam-Status: Yes, score=14.2 required=5.0 tests=BAYES_99']])('holds %s', async (header) => {
    const parsed = await mail('Quote', 'How much for 40 quiches?', [header]);
    expect(autoReplyBlock(parsed, context())).toBe('spam_flagged');
    expect(autoReplyBlock(parsed, context('forward'))).toBe('spam_flagged');
  });

  it('ignores a negative verdict', async () => {
    const parsed = await mail('Quote', 'How much for 40 quiches?', ['X-Spam-Flag: NO', 'X-Spam-Status: No, score=0.1']);
    expect(autoReplyBlock(parsed, context())).toBeNull();
  });
});
