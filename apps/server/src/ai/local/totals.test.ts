import { describe, expect, it } from 'vitest';
import { totalSentence } from './totals';

const hedgeFr = [
  'Taille de haie : 4,50 $ le mètre linéaire (1,40 $ le pied) pour une haie de moins de 2 m de haut, dessus et deux côtés; 7 $ le mètre linéaire (2,20 $ le pied) pour une haie de 2 à 4 m, nacelle comprise.',
];
const sodEn = ['Sod installation: 2.25 CAD per sq ft for Kentucky bluegrass sod laid on 4 inches of new topsoil.'];

describe('totalSentence', () => {
  it('multiplies a quantity of the mail by the unit price in the same unit', () => {
    expect(totalSentence('Combien pour 40 m de haie ?', hedgeFr, 'fr')).toBe('Pour 40 m, cela fait 180 $ au total.');
    expect(totalSentence('How much for 1,200 sq ft of sod?', sodEn, 'en')).toBe(
      'For 1,200 sq ft, that comes to 2700 CAD in total.',
    );
  });

  it('takes two dimensions for an area', () => {
    expect(totalSentence('The strip along the house (approx. 3 x 40 ft), what would that add?', sodEn, 'en')).toBe(
      'For 3 x 40 ft, that comes to 270 CAD in total.',
    );
  });

  it('prices the tier whose range holds the size the sender gives, converting feet to metres', () => {
    // 8 ft is 2.4 m: the 2 to 4 m tier, at 2,20 $ the foot.
    expect(totalSentence('environ 60 pi de long pis 8 pi de haut', hedgeFr, 'fr')).toBe('Pour 60 pi, cela fait 132 $ au total.');
    // No height given: the first tier.
    expect(totalSentence('environ 60 pi de haie', hedgeFr, 'fr')).toBe('Pour 60 pi, cela fait 84 $ au total.');
  });

  it("reads unit prices written with l'heure, a slash or a square unit", () => {
    expect(totalSentence('Pour 3 heures de travail', ["Taux horaire : 55 $ l'heure par jardinier."], 'fr')).toBe(
      'Pour 3 heures, cela fait 165 $ au total.',
    );
    expect(totalSentence('Combien pour 1 500 pi² ?', ['Scellant : 1,10 $/pi².'], 'fr')).toBe(
      'Pour 1 500 pi², cela fait 1650 $ au total.',
    );
    // A length is no area: no total from a price per square foot.
    expect(totalSentence('Notre entrée fait 40 pieds de long', ['Scellant : 1,10 $ du pied carré.'], 'fr')).toBeNull();
  });

  it('reads the usual ways of writing a unit: pi2, m2, pi. ca., a foot mark, a price per piece', () => {
    const sodFr = ['Tourbe : 2,25 $ le pied carré.'];
    expect(totalSentence('Combien pour 1500pi2 de tourbe?', sodFr, 'fr')).toBe('Pour 1500 pi2, cela fait 3375 $ au total.');
    expect(totalSentence('Combien pour 1500 pi. ca.?', sodFr, 'fr')).toBe('Pour 1500 pi. ca, cela fait 3375 $ au total.');
    expect(totalSentence('200 m2 de pelouse', ['Aération : 0,12 $ le m².'], 'fr')).toBe('Pour 200 m2, cela fait 24 $ au total.');
    expect(totalSentence("a 60' hedge", ['Hedge: $1.40 per linear foot.'], 'en')).toBe('For 60 ft, that comes to 84 $ in total.');
    expect(totalSentence('40 quiches lorraines', ['Quiche lorraine : 2,50 € pièce.'], 'fr')).toBe(
      'Pour 40 quiches, cela fait 100 € au total.',
    );
    // A price per piece of something else is no price for this.
    expect(totalSentence('40 tartes', ['Quiche lorraine : 2,50 € pièce.'], 'fr')).toBeNull();
  });

  it('reads a unit however it is written: kilos and kg, people and persons, the full stop after m²', () => {
    expect(totalSentence('Nous aurons besoin de 3 kilos de pain.', ['Pain de campagne : 6,50 € le kg.'], 'fr')).toBe(
      'Pour 3 kilos, cela fait 19,50 € au total.',
    );
    expect(totalSentence('How much for 25 people?', ['Catering buffet: $22 per person, drinks included.'], 'en')).toBe(
      'For 25 people, that comes to 550 $ in total.',
    );
    expect(totalSentence('Une pelouse de 500 m².', ['Tonte : 0,08 $ le m².'], 'fr')).toBe(
      'Pour 500 m², cela fait 40 $ au total.',
    );
  });

  it('takes a price with no unit for one of the thing its clause names, never of what it counts', () => {
    const cake = ['Tarte aux pommes (8 parts) : 24 €.', "Gâteau d'anniversaire pour 10 personnes : 45 €."];
    expect(totalSentence('Je voudrais 8 tartes aux pommes.', cake, 'fr')).toBe('Pour 8 tartes, cela fait 192 € au total.');
    expect(totalSentence('Deux gâteaux, svp.', cake, 'fr')).toBe('Pour 2 gâteaux, cela fait 90 € au total.');
    // "10 personnes" is what one cake feeds, not what it is priced by.
    expect(totalSentence('Un gâteau pour 20 personnes ?', cake, 'fr')).toBeNull();
    expect(totalSentence('We would like 12 parts.', cake, 'en')).toBeNull();
  });

  it('converts a length or an area into the unit of the price, and says so', () => {
    expect(totalSentence('une haie de 60 pieds', ['Plantation : 95 $ le mètre linéaire.'], 'fr')).toBe(
      'Pour 60 pieds (18,29 m), cela fait 1737,36 $ au total.',
    );
    expect(totalSentence('20 x 10 m of lawn', ['Sod: 2.25 CAD per sq ft.'], 'en')).toBe(
      'For 20 x 10 m (2152.78 sq ft), that comes to 4843.76 CAD in total.',
    );
    // Square metres are never priced as square feet.
    expect(totalSentence('200 m2 de pelouse', ['Aération : 0,05 $ le pi².'], 'fr')).toBe(
      'Pour 200 m2 (2152,78 pi²), cela fait 107,64 $ au total.',
    );
  });

  it('reads quantities in words and dimensions with the unit said once', () => {
    expect(totalSentence('une entrée de 40 pieds par 12', ['Scellant : 1,10 $ du pied carré.'], 'fr')).toBe(
      'Pour 40 x 12 pieds, cela fait 528 $ au total.',
    );
    expect(totalSentence('une trentaine de pieds de haie', ['Taille : 1,40 $ le pied.'], 'fr')).toBe(
      'Pour 30 pieds, cela fait 42 $ au total.',
    );
    expect(totalSentence('a dozen quiches', ['Quiche: 2.50 EUR each.'], 'en')).toBe(
      'For 12 quiches, that comes to 30 EUR in total.',
    );
  });

  it('gives no total for a year or a quantity nothing prices', () => {
    expect(totalSentence('For the 2026 season, what is the price?', sodEn, 'en')).toBeNull();
    expect(totalSentence('We have 3 dogs.', sodEn, 'en')).toBeNull();
  });

  it('never multiplies a wage or a salary: what someone is paid is not a price', () => {
    const jobsFr = ["Le salaire commence à 20 $ l'heure, de 40 à 50 heures par semaine."];
    expect(totalSentence('Je suis disponible 10 heures par semaine.', jobsFr, 'fr')).toBeNull();
    const jobsEn = ['Crew members are paid 20 CAD per hour.'];
    expect(totalSentence('I could work 10 hours a week.', jobsEn, 'en')).toBeNull();
    // The owner's rate for the same hours is a price.
    expect(totalSentence('It would take 10 hours.', ['Extra work is billed at 55 CAD per hour.'], 'en')).toBe(
      'For 10 hours, that comes to 550 CAD in total.',
    );
  });
});
