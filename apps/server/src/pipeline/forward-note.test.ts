import { describe, expect, it } from 'vitest';
import type { ParsedMessage } from '../mail/mime/message';
import { forwardNote } from './forward-note';

const message = (subject: string, text: string): ParsedMessage =>
  ({
    subject,
    text,
    from: { name: 'Claire Martin', address: 'claire@client.fr' },
    date: new Date('2026-03-02T09:30:00Z'),
  }) as ParsedMessage;

describe('forwardNote', () => {
  it('writes the cover of a French message in French, with the original sender, date and subject', () => {
    const note = forwardNote(
      message('Facture de mars', 'Bonjour, vous trouverez la facture de mars en pièce jointe. Merci.'),
      'shop@example.com',
    );
    expect(note).toContain("Transféré automatiquement par l'assistant de messagerie de shop@example.com");
    expect(note).toContain('De: Claire Martin <claire@client.fr>');
    expect(note).toContain('Objet: Facture de mars');
    expect(note).toContain('lundi 2 mars 2026');
    expect(note).not.toContain('Forwarded');
  });

  it('writes the cover of an English message in English', () => {
    const note = forwardNote(
      message('March invoice', 'Hello, please find the March invoice attached. Thanks.'),
      'shop@example.com',
    );
    expect(note).toContain('Forwarded automatically by the mail assistant of shop@example.com');
    expect(note).toContain('Subject: March invoice');
    expect(note).toContain('Monday, 2 March 2026');
    expect(note).not.toContain('Transféré');
  });

  it('falls back to English for a message in neither language', () => {
    expect(forwardNote(message('Rechnung', 'Anbei die Rechnung für März.'), 'shop@example.com')).toContain(
      'Forwarded automatically',
    );
  });
});
