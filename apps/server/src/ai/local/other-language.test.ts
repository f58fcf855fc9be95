import { describe, expect, it } from 'vitest';
import { writtenInAnotherLanguage } from '../text';

describe('writtenInAnotherLanguage', () => {
  it('finds mail in German, Spanish, Dutch or another script', () => {
    expect(
      writtenInAnotherLanguage(
        'Guten Tag, wir haben die Rechnung erhalten und sie ist nicht korrekt. Können Sie uns bitte eine neue Rechnung mit der richtigen Adresse schicken? Wir danken Ihnen auch für die schnelle Lieferung.',
      ),
    ).toBe(true);
    expect(
      writtenInAnotherLanguage(
        'Hola, queremos pedir una tarta para el sábado. ¿Es posible recogerla por la mañana? Muchas gracias por su ayuda, este pedido es muy importante para nosotros.',
      ),
    ).toBe(true);
    expect(
      writtenInAnotherLanguage(
        'Goedemiddag, wij willen graag een offerte voor het onderhoud van onze tuin. Het gaat om een tuin van ongeveer 200 m2 en wij zijn ook geïnteresseerd in een nieuwe haag voor deze zomer.',
      ),
    ).toBe(true);
    expect(writtenInAnotherLanguage('不看會後悔。這是本年度最優惠的價格，請立即聯繫我們的銷售團隊以獲取更多資訊和報價。')).toBe(
      true,
    );
  });

  it('leaves English and French alone, short or long, lists of names and numbers included', () => {
    expect(writtenInAnotherLanguage('Hello, could you send me a quote for 40 quiches for Saturday? Thanks, Anna')).toBe(false);
    expect(
      writtenInAnotherLanguage(
        "Bonjour, j'aimerais avoir un devis pour la taille de notre haie de cèdres, environ 30 mètres. Merci et bonne journée, Julie",
      ),
    ).toBe(false);
    expect(
      writtenInAnotherLanguage(
        'Managing Director and Vice President Elections: Sally Beck, Global Accounting; Rick Causey, Enron Corp; Dave Delainey, ENA; John Lavorato, ENA; Louise Kitchen, EnronOnline. Congratulations!',
      ),
    ).toBe(false);
    expect(writtenInAnotherLanguage('Café Dé La Paz menu: tapas, paella, sangria. Order online at www.example.com')).toBe(false);
  });
});
