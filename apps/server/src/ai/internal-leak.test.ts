import { describe, expect, it } from 'vitest';
import type { KnowledgeSnippet } from './engine';
import { quotesInternal } from './internal-leak';

const internal = (title: string, content: string): KnowledgeSnippet => ({ id: title, title, content, internal: true });
const quotable = (title: string, content: string): KnowledgeSnippet => ({ id: title, title, content, internal: false });

const vaultEn = internal(
  'Vault',
  'The vault in the back office opens with the code 4821. Only the manager on duty may open it after closing time.',
);
const vaultFr = internal(
  'Coffre',
  "Le coffre du bureau s'ouvre avec le code AX-77Q. Seul le responsable de permanence peut l'ouvrir après la fermeture.",
);

describe('quotesInternal', () => {
  it('is false for a harmless paraphrase (en)', () => {
    const reply =
      'Hello,\n\nThank you for your message. For security reasons we cannot share access details by e-mail; please ask the manager on site.\n\nBest regards,';
    expect(quotesInternal(reply, [vaultEn])).toBe(false);
  });

  it('is false for a harmless paraphrase (fr)', () => {
    const reply =
      "Bonjour,\n\nMerci pour votre message. Pour des raisons de sécurité, nous ne communiquons pas ce genre d'information par e-mail.\n\nCordialement,";
    expect(quotesInternal(reply, [vaultFr])).toBe(false);
  });

  it('is true when the reply gives the code, however it is written', () => {
    expect(quotesInternal('Hello, the code is 4821. Best regards', [vaultEn])).toBe(true);
    expect(quotesInternal('Bonjour, le code est ax-77q.', [vaultFr])).toBe(true);
    expect(quotesInternal('Bonjour, le code est AX 77Q.', [vaultFr])).toBe(true);
    expect(quotesInternal('Bonjour, le code est AX77Q.', [vaultFr])).toBe(true);
    expect(quotesInternal('Hello, it is 4 8 2 1.', [vaultEn])).toBe(true);
    // Invisible characters and full-width digits do not hide it.
    expect(quotesInternal('Hello, it is 48\u200B21.', [vaultEn])).toBe(true);
    expect(quotesInternal('Hello, it is ４８２１.', [vaultEn])).toBe(true);
  });

  it('is true for a run of six words of the entry, ignoring case, accents and spacing', () => {
    expect(quotesInternal('Note: only the MANAGER on   duty may open it.', [vaultEn])).toBe(true);
    expect(quotesInternal('Attention : seul le responsable de permanence peut, vous comprendrez.', [vaultFr])).toBe(true);
    expect(quotesInternal('Seul le responsable de permanence peut l ouvrir apres la fermeture', [vaultFr])).toBe(true);
  });

  it('is false for five words of the entry or a code inside a longer number', () => {
    expect(quotesInternal('Only the manager on duty can help you.', [vaultEn])).toBe(false);
    expect(quotesInternal('Your order 148210 has shipped.', [vaultEn])).toBe(false);
  });

  it('counts numbers and mixed tokens of 4 characters or more, not times, ordinals or short numbers', () => {
    const hours = internal('Staff', 'Staff arrive at 8h30 on the 2nd floor, badge B7, room 12, phone extension 3310.');
    expect(quotesInternal('We open at 8h30 and the office is on the 2nd floor, room 12.', [hours])).toBe(false);
    expect(quotesInternal('Call extension 3310.', [hours])).toBe(true);
    const wifi = internal('Wi-Fi', 'Guest network password: pin-0042xz');
    expect(quotesInternal('The password is PIN-0042XZ', [wifi])).toBe(true);
    expect(quotesInternal('The password is 0042xz', [wifi])).toBe(true);
  });

  it('only checks internal entries, and lets what a quotable entry also says through', () => {
    const hours = quotable('Opening hours', 'The vault in the back office opens with the code 4821 during opening hours.');
    expect(quotesInternal('The code is 4821.', [quotable('Vault', vaultEn.content)])).toBe(false);
    expect(quotesInternal('The vault in the back office opens with the code 4821 during opening hours.', [vaultEn, hours])).toBe(
      false,
    );
    expect(quotesInternal('Only the manager on duty may open it after closing time.', [vaultEn, hours])).toBe(true);
    expect(quotesInternal('Anything at all', [])).toBe(false);
  });
});
