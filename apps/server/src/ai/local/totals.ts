/**
 * The total a reply can state: a quantity of the sender's mail times a unit price of the owner's
 * entry, in the same unit ("40 m de haie" × "4,50 $ le mètre linéaire"). Dimensions ("3 x 40 ft") are
 * an area; when an entry prices by size ("under 2 m high …; 2 to 4 m …"), the tier is the one whose
 * range holds the other measure the sender gives ("8 ft high"), else the first.
 */
import { plain } from './concepts';
import { type Language, stem, stems } from '../text';

const NUMBER = String.raw`\d{1,3}(?:[,\s\u00a0]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
/** A unit price: an amount followed by "per"/"par"/"le"/"each" and a unit ("4,50 $ le mètre linéaire"). */
const UNIT_PRICE = new RegExp(
  String.raw`(?:([$€£])\s?(${NUMBER})|(${NUMBER})\s?(\$|€|£|cad|eur|usd|dollars?|euros?))\s*(?:(?:per|a|an|each|par|le|la|the|chaque|du|de)\s+|l['’]\s*|\/\s*|(?=(?:pièce|apiece|each|chacun|chacune)\b))([\p{L}²³'’-]+[23]?)(?:\s+([\p{L}²'’-]+))?`,
  'giu',
);
/**
 * A price with no unit after it, ending its clause ("Tarte aux pommes (8 parts) : 24 €"): the price of
 * one of the thing the clause names before it.
 */
const BARE_PRICE = new RegExp(
  String.raw`(?:([$€£])\s?(${NUMBER})|(${NUMBER})\s?(\$|€|£|cad|eur|usd|dollars?|euros?))(?=\s*(?:$|[.,;)]|\s(?:ttc|ht|\+|plus|taxes?|tax|incl\p{L}*|chacun\p{L}*)))`,
  'iu',
);
/** A quantity and its unit ("40 m de haie", "6,000 sq ft"), or two dimensions ("3 x 40 ft", "10 par 12 pi"). */
const QUANTITY = new RegExp(
  String.raw`(?<![\d/:.,])(${NUMBER})(?:\s*(?:['’]|ft|pi|m)?\s*(?:x|×|par|by)\s*(${NUMBER}))?\s*([\p{L}²³'’]+[23]?\.?)(?:\s*([\p{L}²]+))?`,
  'gu',
);
/** The second word of a unit, shown with the first: "sq ft", "pieds carrés", "pi. ca.". */
const UNIT_SECOND_WORD = /^(?:ft|feet|foot|carr\p{L}*|ca|metres?|meters?|mètres?)\.?$/iu;
/** A measure that sets the size of the job rather than its amount: "8 ft high", "2 m de haut". */
const SIZE_AFTER = /^\s*(?:de\s+)?(?:haut|hauteur|high|tall|height|thick|épais|épaisseur|deep|profond|profondeur)\b/iu;
/** A range a tier applies to: "under 2 m", "moins de 2 m", "2 to 4 m", "de 2 à 4 m", "over 4 m". */
const RANGE = new RegExp(
  String.raw`(?:(?:under|less than|below|up to|moins de|jusqu['’]à)\s+(${NUMBER})|(?:from\s+|de\s+)?(${NUMBER})\s*(?:[\p{L}²]+\s+)?(?:to|-|à|a)\s+(${NUMBER})|(?:over|more than|above|plus de)\s+(${NUMBER}))\s*([\p{L}²]+)`,
  'iu',
);

/** A number as written in the language: "6,000.50" in English, "6 000,50" in French. */
export function number(text: string, language: Language = 'en'): number {
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (language === 'en' || (/,\d{3}(?:\D|$)/.test(compact) && !/,\d{1,2}$/.test(compact)))
    return Number(compact.replace(/,(?=\d{3}(?:\D|$))/g, '').replace(',', '.'));
  return Number(compact.replace(',', '.'));
}

/** A unit of one or two words as one key: "sq ft", "square feet", "pi²" and "pieds carrés" are one. */
function unitKey(words: string[], language: Language): string {
  const [raw = '', rawSecond = ''] = words.map((w) => w.toLowerCase().replace(/\.$/, ''));
  // A foot mark ("a 60' hedge").
  if (raw === "'" || raw === '’') return 'foot';
  const [first = '', second = ''] = [raw, rawSecond].map((w) => plain(w).replace(/['’]/g, ''));
  // "sq ft", "pi²", "pi2", "pieds carrés", "pi. ca.", "pc"; "m²", "m2", "mètres carrés"; "sq yd".
  if (/^(?:sq|square|sqft|pc)$/.test(first) || /(?:²|2)$/.test(first) || /^(?:carr|ca$)/.test(second)) {
    const base = /^(?:sq|square)$/.test(first) ? second : first.replace(/(?:²|2)$/, '');
    if (base === 'm' || base.startsWith('metr') || base.startsWith('meter')) return 'area-m';
    if (base === 'yd' || base.startsWith('verge') || base.startsWith('yard')) return 'area-yd';
    return 'area-ft';
  }
  if (/^(?:piece|pieces|apiece|each|unite|unites|unit|units|item|items|chacun|chacune)$/.test(first)) return 'each';
  const w = first;
  const named = UNIT_WORDS[w];
  if (named) return named;
  if (w === 'm' || w.startsWith('metr') || w.startsWith('meter')) return 'metre';
  if (w === 'ft' || w === 'pi' || w.startsWith('pied') || w.startsWith('feet') || w.startsWith('foot')) return 'foot';
  if (w === 'yd' || w.startsWith('verge') || w.startsWith('yard')) return 'yard';
  return stem(w, language);
}

/** Units written in several ways, in either language. */
const UNIT_WORDS: Record<string, string> = Object.fromEntries(
  Object.entries({
    kg: 'kg kgs kilo kilos kilogram kilograms kilogramme kilogrammes',
    g: 'g gr gram grams gramme grammes',
    lb: 'lb lbs pound pounds livre livres',
    litre: 'l litre litres liter liters',
    hour: 'h hr hrs hour hours heure heures',
    person: 'person persons people personne personnes pers',
    day: 'day days jour jours journee journees',
  }).flatMap(([key, words]) => words.split(' ').map((w) => [w, key])),
);

/** Metres in one of a length unit, for comparing a measure with a tier's range. */
const METRES: Record<string, number> = { metre: 1, foot: 0.3048, yard: 0.9144 };
/** Square metres in one of an area unit. */
const SQUARE_METRES: Record<string, number> = { 'area-m': 1, 'area-ft': 0.09290304, 'area-yd': 0.83612736 };
const AREA_OF: Record<string, string> = { metre: 'area-m', foot: 'area-ft', yard: 'area-yd' };
const UNIT_NAMES: Record<Language, Record<string, string>> = {
  en: { metre: 'm', foot: 'ft', yard: 'yd', 'area-m': 'm²', 'area-ft': 'sq ft', 'area-yd': 'sq yd' },
  fr: { metre: 'm', foot: 'pi', yard: 'verges', 'area-m': 'm²', 'area-ft': 'pi²', 'area-yd': 'verges carrées' },
};
/** How many of `to` make one `from`, for a length or an area in another unit than the price's. */
function conversion(from: string, to: string): number | null {
  if (METRES[from] && METRES[to]) return METRES[from] / METRES[to];
  if (SQUARE_METRES[from] && SQUARE_METRES[to]) return SQUARE_METRES[from] / SQUARE_METRES[to];
  return null;
}

interface Price {
  value: number;
  currency: string;
  units: string[];
  /** The range of sizes this price applies to, in metres, when its clause states one. */
  range: [number, number] | null;
  /** The words of its clause: a price per piece applies to the thing it names ("quiche … 2,50 € pièce"). */
  words: Set<string>;
}

function rangeOf(clause: string, language: Language): [number, number] | null {
  const m = RANGE.exec(clause);
  const scale = m ? METRES[unitKey([m[5]!], language)] : undefined;
  if (!m || !scale) return null;
  if (m[1]) return [0, number(m[1], language) * scale];
  if (m[2] && m[3]) return [number(m[2], language) * scale, number(m[3], language) * scale];
  return [number(m[4]!, language) * scale, Infinity];
}

/** What someone is paid (a wage or a salary), not a price anyone is charged: never multiplied into a total. */
const PAY =
  /\b(?:wages?|salary|salaries|pay(?:s|ed)?|paid|earn(?:s|ed)?|salaires?|rémunérations?|rémunérée?s?|payée?s?|gagne[rz]?)\b/i;

/** The price of one of what the clause names before it; words counted by a number ("8 parts") name no unit. */
function barePrice(clause: string, language: Language): Price | null {
  const m = BARE_PRICE.exec(clause);
  if (!m) return null;
  const named = clause.slice(0, m.index).replace(new RegExp(String.raw`(?:${NUMBER})\s*[\p{L}'’]+`, 'gu'), ' ');
  return {
    value: number(m[2] ?? m[3] ?? '', language),
    currency: /^dollars?$/i.test(m[1] ?? m[4] ?? '') ? '$' : (m[1] ?? m[4] ?? ''),
    units: ['each'],
    range: null,
    // Read as the mail's units are, so that "Gâteau" names the unit of "2 gâteaux".
    words: new Set(
      named
        .split(/[^\p{L}'’]+/u)
        .filter(Boolean)
        .map((w) => unitKey([w], language)),
    ),
  };
}

function pricesOf(sentences: string[], language: Language): Price[] {
  return sentences.flatMap((sentence) =>
    sentence.split(/;/).flatMap((clause) => {
      if (PAY.test(clause)) return [];
      const perUnit = [...clause.matchAll(UNIT_PRICE)];
      const bare = perUnit.length === 0 ? barePrice(clause, language) : null;
      return bare
        ? [bare]
        : perUnit.map((m) => {
            const pair = unitKey([m[5] ?? '', m[6] ?? ''], language);
            return {
              value: number(m[2] ?? m[3] ?? '', language),
              currency: /^dollars?$/i.test(m[1] ?? m[4] ?? '') ? '$' : (m[1] ?? m[4] ?? ''),
              // "per sq ft", "per linear foot", "le mètre linéaire": the unit is the pair, or one of its words.
              units: [pair, ...[m[5], m[6]].filter((u): u is string => Boolean(u)).map((u) => unitKey([u], language))].slice(
                0,
                pair.startsWith('area') ? 1 : 3,
              ),
              range: rangeOf(clause, language),
              words: new Set(stems(clause, language)),
            };
          });
    }),
  );
}

interface Quantity {
  value: number;
  unit: string;
  shown: string;
  /** A height or a thickness: it picks a tier, it is not what is priced. */
  size: boolean;
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  hundred: 100,
  dozen: 12,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  quinze: 15,
  vingt: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  cent: 100,
  dizaine: 10,
  douzaine: 12,
  quinzaine: 15,
  vingtaine: 20,
  trentaine: 30,
  quarantaine: 40,
  cinquantaine: 50,
  soixantaine: 60,
  centaine: 100,
};
const NUMBER_WORD = new RegExp(
  String.raw`\b(?:(?:a|une)\s+)?(${Object.keys(NUMBER_WORDS).join('|')})(?:\s+of|\s+d(?:e\s+|['’]))?(?=\s*\p{L})`,
  'giu',
);
const LENGTH_UNIT = String.raw`(?:pieds?|pi|ft|feet|foot|mètres?|metres?|meters?|m|verges?|yards?|yd|['’])`;
/** "40 pieds par 12", "40 ft by 12 ft": the unit said once, after the first number. */
const DIMENSIONS_UNIT_FIRST = new RegExp(
  String.raw`(${NUMBER})\s*(${LENGTH_UNIT})\.?\s*(?:x|×|par|by)\s*(${NUMBER})(?:\s*${LENGTH_UNIT}(?![\p{L}]))?`,
  'giu',
);

/** Quantities as digits: "a dozen" is 12, "une trentaine de pieds" 30 pieds, "40 pieds par 12" 40 x 12 pieds. */
function normalised(text: string): string {
  return text
    .replace(NUMBER_WORD, (_, word: string) => `${NUMBER_WORDS[word.toLowerCase()]} `)
    .replace(DIMENSIONS_UNIT_FIRST, (_, a: string, unit: string, b: string) => `${a} x ${b} ${unit}`);
}

function quantitiesOf(raw: string, language: Language): Quantity[] {
  const out: Quantity[] = [];
  const text = normalised(raw);
  for (const q of text.matchAll(QUANTITY)) {
    const first = number(q[1]!, language);
    const second = q[2] ? number(q[2], language) : null;
    // A year ("the 2026 season") is not a quantity.
    if (!Number.isFinite(first) || first <= 0 || (second === null && Number.isInteger(first) && first >= 1900 && first <= 2100))
      continue;
    const unit = unitKey([q[3]!, q[4] ?? ''], language);
    // What follows the unit: "8 pi de haut" is a size ("de" may have been taken for a second unit word).
    const after = text.slice((q.index ?? 0) + q[0].length - (q[4]?.length ?? 0));
    const shownNumber = (n: string) => (language === 'fr' ? n.replace('.', ',') : n);
    // A whole word's full stop ends the sentence ("10 hours."); an abbreviation keeps its own ("pi.").
    const word = (unitText: string) => unitText.replace(/(\p{L}{4,}|[²³\d])\.$/u, '$1');
    if (second !== null && METRES[unit]) {
      out.push({
        value: first * second,
        unit: AREA_OF[unit]!,
        shown: `${shownNumber(q[1]!)} x ${shownNumber(q[2]!)} ${word(q[3]!)}`,
        size: false,
      });
      continue;
    }
    const shownUnit = /^['’]$/.test(q[3]!)
      ? language === 'fr'
        ? 'pi'
        : 'ft'
      : q[4] && UNIT_SECOND_WORD.test(q[4])
        ? `${q[3]} ${word(q[4])}`
        : word(q[3]!);
    out.push({ value: first, unit, shown: `${shownNumber(q[1]!)} ${shownUnit}`, size: SIZE_AFTER.test(after) });
  }
  return out;
}

/** Whether a price applies to the sender's job: its tier's range holds one of the sizes given. */
function fits(price: Price, sizes: Quantity[]): boolean {
  return sizes.some((s) => {
    const metres = s.value * (METRES[s.unit] ?? NaN);
    return price.range !== null && metres >= price.range[0] && metres <= price.range[1];
  });
}

/** An amount rounded to the cent, written as the language writes it. */
function format(value: number, language: Language): string {
  const rounded = Math.round(value * 100) / 100;
  const amount = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(2);
  return language === 'fr' ? amount.replace('.', ',') : amount;
}

/** "For 40 m, that comes to 180 $ in total.", or null when the text gives no quantity an entry prices. */
export function totalSentence(text: string, answer: string[], language: Language): string | null {
  const prices = pricesOf(answer, language).filter((p) => Number.isFinite(p.value));
  if (prices.length === 0) return null;
  const quantities = quantitiesOf(text, language);
  const sizes = quantities.filter((q) => q.size);
  const priced = quantities.filter((q) => !q.size);
  const sameUnit = (q: Quantity, p: Price) => p.units.includes(q.unit) || (p.units.includes('each') && p.words.has(q.unit));
  // A quantity in the price's own unit first; only then feet for a price per metre, square metres for
  // a price per square foot, converted and said so.
  for (const converting of [false, true]) {
    for (const q of priced) {
      const matching = prices.filter((p) => (converting ? conversion(q.unit, p.units[0]!) !== null : sameUnit(q, p)));
      const price = matching.find((p) => fits(p, sizes)) ?? matching[0];
      if (!price) continue;
      const factor = converting ? conversion(q.unit, price.units[0]!)! : 1;
      const asked = converting
        ? `${q.shown} (${format(q.value * factor, language)} ${UNIT_NAMES[language][price.units[0]!]})`
        : q.shown;
      const shown = format(q.value * factor * price.value, language);
      return language === 'fr'
        ? `Pour ${asked}, cela fait ${shown} ${price.currency} au total.`
        : `For ${asked}, that comes to ${shown} ${price.currency} in total.`;
    }
  }
  return null;
}
