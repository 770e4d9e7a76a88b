import { describe, expect, it } from 'vitest';
import { CLAIMED_FIGURES, CLAIMS, INTEGRATIONS } from '../../client/content/claims';
import { PRICING_TEXTS } from '../../client/content/pricing';
import { ARABIC_PLANS, FRENCH_PLANS } from '../../client/content/price-lists';
import { PLANS } from '../../server/plans/schema';
import en from '../../client/i18n/en.json';
import fr from '../../client/i18n/fr.json';
import ar from '../../client/i18n/ar.json';
import { pageTexts, routeLiterals, routeSources } from '../helpers/site-texts';

/**
 * One source of figures for the public site (client/content/claims.ts): the claims the three
 * languages make — how many languages, channels, customers, integrations, how soon a team is live —
 * must be figures of the claims module, so a translation cannot change a number and no page can
 * claim one the product cannot show. Scanned: every page's text tree in English, French and Arabic
 * (client/content), the chrome catalogs (client/i18n/*.json), and the texts written in the public
 * routes (client/routes/(site)/*.tsx and its -landing, and the account pages at the top level: titles,
 * descriptions, the language landings, the English landing) and the marketing components.
 *
 * The rule, in every language (Latin or Arabic-Indic digits, number words too):
 * - a percentage ("58%", "94 %", "99,9 %", "٣٨٥٪") is a claim; so is an "N+" or "+N" figure ("500+",
 *   "+50", "+10K"), a multiplier ("3.2×"), a count of customers, languages, channels, integrations,
 *   apps, platforms or templates ("plus de 200 applications", "15 قناة"), and a count in words
 *   ("thousands of apps", "des milliers", "آلاف", "half of all buyers"): each must be a value of
 *   client/content/claims.ts, or (number words) cannot be one, so it fails;
 * - allowed without being a claim: prices and price discounts (the yearly saving of the billing
 *   catalogue's PLANS, and the discounts of the French and Arabic price lists, client/content/price-lists.ts), dates, times and durations of a
 *   step ("13–15s", "About 15 minutes"), step numbers, version numbers ("OpenAPI 3.1"), screen sizes
 *   ("1080×1920") and phone numbers ("+44 20 7946 0958").
 */

/** Every text of a tree (text functions called with sample arguments that are not claims). */
function strings(node: unknown, path: string): { where: string; text: string }[] {
  // A figure filed under the claim's name (product claims: { languages: '40+' }) is read with it.
  const named = /\.(languages|channels|companies)$/.exec(path);
  if (typeof node === 'string' && named) return [{ where: path, text: `${node} ${named[1]}` }];
  if (typeof node === 'string') return [{ where: path, text: node }];
  if (typeof node === 'function') return [{ where: path, text: String((node as (...args: unknown[]) => unknown)(1, 1, 1)) }];
  if (Array.isArray(node)) return node.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    // A stat ({ value, label }) is read as one claim: "736+" is a customer count when its label says companies.
    const stat = typeof record.value === 'string' && typeof record.label === 'string' ? [{ where: `${path} (stat)`, text: `${record.value}', label: '${record.label}` }] : [];
    return [...stat, ...Object.entries(record).flatMap(([key, value]) => strings(value, `${path}.${key}`))];
  }
  return [];
}

/** A number as written in any of the three languages: Arabic-Indic digits, thousands separators, K. */
function parseFigure(raw: string): number {
  const latin = raw.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[\s\u00a0\u202f,٬]/g, '');
  const k = /k$/i.test(latin);
  const value = Number(latin.replace(/k$/i, '').replace(/[.٫](?=\d{3}$)/, ''));
  return k ? value * 1000 : value;
}

/** A number in any of the three languages (separators only between groups of three digits), maybe with K. */
const N = String.raw`[0-9٠-٩](?:[0-9٠-٩]|[\s\u00a0\u202f,.٬](?=[0-9٠-٩]{3}))*(?:\s?[kK](?![a-zA-Z]))?`;
/** The nouns of the claims about the product's reach: customers, languages, channels. */
const REACH = String.raw`(?:companies|businesses|customers|languages|channels|integrations|apps|applications|platforms|templates|entreprises|sociétés|langues|canaux|intégrations|plateformes|modèles|شركة|شركات|لغة|لغات|قناة|قنوات|تكامل|تكاملات|تكاملًا|تطبيق|تطبيقات|تطبيقًا|منصة|منصات|قالب|قوالب|قالبًا)`;
/** A figure that may have decimals ("99.9", "99,9", "٩٩٫٩"), as percentages and multipliers write them. */
const D = String.raw`[0-9٠-٩]+(?:[.,٫][0-9٠-٩]{1,2})?`;
/**
 * What counts as a claim about the product's reach and rollout: a number of customers, languages or
 * channels in any of the three languages ("736+ companies", "plus de 40 langues", "15 قناة"), a
 * figure in a stat whose label names one ({ figure: '+10K', label: 'شركة …' }), and how soon the
 * product is live ("Live in 2 hours", "déployé en 8 semaines").
 */
const CLAIM_PATTERNS: RegExp[] = [
  new RegExp(String.raw`(${N})\s?\+?\s?(?:de |d’|of )?${REACH}`, 'gi'),
  new RegExp(String.raw`(?:plus de|more than|over|أكثر من|بأكثر من)\s(${N})\s?${REACH}`, 'gi'),
  new RegExp(String.raw`[+]?(${N})[+]?['"]?,\s*label:\s*['"][^'"]*${REACH}`, 'gi'),
  new RegExp(String.raw`(?:live in|setup in|set up in|déployé en|déploiement accompagné en|mise en service en)\s(${N})`, 'gi'),
];

/** Percentages, N+ and +N figures, multipliers: every one is a claim, whatever it counts. */
const PERCENT = new RegExp(String.raw`(?<![0-9٠-٩])(${D})\s?(?:[%٪]|per ?cent|pour ?cent|بالمئة|في المئة)`, 'gi');
const FIGURE_PATTERNS: RegExp[] = [
  PERCENT,
  // "500+", "10K+" (not "9+3"), and "+50", "+10K" (not a phone number: "+44 20 7946 0958").
  new RegExp(String.raw`(?<![0-9٠-٩])(${N})\+(?![0-9٠-٩])`, 'gi'),
  new RegExp(String.raw`(?<![\w+])\+(${N})(?![0-9٠-٩]|\s[0-9٠-٩])`, 'gi'),
  // "3.2×" (not a screen size: "1080×1920").
  new RegExp(String.raw`(?<![0-9٠-٩])(${D})[×x](?!\s?[0-9٠-٩]|\w)`, 'g'),
];

/** Counts written in words: never a value of the claims module, so always a claim to rewrite. */
const NUMBER_WORDS = /\b(?:hundreds|thousands|millions|dozens|half of all|des centaines|des milliers|des millions|des dizaines|la moitié des)\b|(?:مئات|آلاف|ملايين|عشرات|نصف المشترين)/gi;

/** Counts of the product's reach in words ("ten languages", "dix langues", "عشر لغات"): read as their number. */
const WORD_VALUES: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  fifty: 50,
  hundred: 100,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  dix: 10,
  quinze: 15,
  vingt: 20,
  cinquante: 50,
  cent: 100,
  اثنتان: 2,
  ثلاث: 3,
  ثلاثة: 3,
  أربع: 4,
  خمس: 5,
  عشر: 10,
  عشرة: 10,
  عشرون: 20,
  خمسون: 50,
  مئة: 100,
};
const WORD_COUNT = new RegExp(String.raw`(?<![\p{L}])(${Object.keys(WORD_VALUES).join('|')})\s(?:[\p{L}-]+\s)?${REACH}`, 'giu');

/** The price discounts of the billing catalogue and the local price lists (percentages a pricing text may show). */
const PRICE_DISCOUNTS: readonly number[] = [
  ...Object.values(PLANS).map((plan) => Math.round((1 - plan.yearlyPrice / (plan.monthlyPrice * 12)) * 100)),
  parseFloat(FRENCH_PLANS.discountLabel),
  parseFloat(ARABIC_PLANS.yearlyBadge),
  ARABIC_PLANS.government.discountPercent,
];
/** A text about a price: where its discount may be written. */
const PRICE_TEXT = /pric|tarif|billing|factur|save|économie|remise|off\b|−|وفّر|وفر|خصم|الفوترة|BillingToggle/i;

/** A customer's story (case studies) tells how soon that customer went live: its figure, not the product's. */
const STORIES = /^case-studies\.ts /;

/** A decimal figure as written in any of the three languages ("99,9", "٩٩٫٩"). */
const parseDecimal = (raw: string): number => Number(raw.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[,٫]/, '.'));

function claimsIn(text: string, where = ''): { figure: string; value: number }[] {
  const patterns = STORIES.test(where) ? CLAIM_PATTERNS.slice(0, 3) : CLAIM_PATTERNS;
  const counts = patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => ({ figure: m[0], value: parseFigure(m[1]!.trim()) })));
  const figures = FIGURE_PATTERNS.flatMap((pattern) =>
    [...text.matchAll(pattern)]
      .map((m) => ({ figure: m[0], value: pattern === PERCENT || /[×x]$/.test(m[0]) ? parseDecimal(m[1]!) : parseFigure(m[1]!.trim()) }))
      // A price discount of the billing catalogue, in a text about prices, is the catalogue's figure.
      .filter((claim) => !(pattern === PERCENT && PRICE_DISCOUNTS.includes(claim.value) && PRICE_TEXT.test(`${where} ${text}`))),
  );
  const words = [...text.matchAll(NUMBER_WORDS)].map((m) => ({ figure: m[0], value: Number.NaN }));
  const wordCounts = [...text.matchAll(WORD_COUNT)].map((m) => ({ figure: m[0], value: WORD_VALUES[m[1]!.toLowerCase()]! }));
  return [...counts, ...figures, ...words, ...wordCounts];
}

async function allTexts(): Promise<{ where: string; text: string }[]> {
  const found: { where: string; text: string }[] = [];
  for (const { name, texts } of pageTexts) {
    found.push(...strings(texts.en, `${name} en`));
    for (const language of ['fr', 'ar'] as const) found.push(...strings((await texts.load[language]()).default, `${name} ${language}`));
  }
  for (const [language, catalog] of Object.entries({ en, fr, ar })) found.push(...strings(catalog, `i18n ${language}`));
  for (const [file, source] of Object.entries(routeSources)) {
    // String literals and JSX text: what the page shows, not its code.
    found.push(...routeLiterals(source).map((text) => ({ where: file.replace(/^.*client\//, ''), text })));
    // Stats written as { figure, label } objects, read whole.
    found.push(...[...source.matchAll(/\{[^{}]*label:[^{}]*\}/g)].map((m) => ({ where: `${file.replace(/^.*client\//, '')} (stat)`, text: m[0] })));
  }
  return found;
}

describe('the public site’s claims', () => {
  it('has its figures in one module', () => {
    expect(CLAIMS.languages).toBe(3);
    expect(CLAIMS.integrations).toBe(INTEGRATIONS.length);
    expect(CLAIMED_FIGURES.length).toBeGreaterThan(0);
  });

  it('finds the claims it checks (the scan reads the texts)', async () => {
    const texts = await allTexts();
    expect(texts.length).toBeGreaterThan(1000);
    expect(claimsIn("Live in 2 hours, 736+ companies, plus de 40 langues, 15 قناة, { figure: '+10K', label: 'شركة تعتمد على المنصة' }").map((c) => c.value)).toEqual(
      expect.arrayContaining([736, 10_000, 40, 15, 2]),
    );
  });

  it('reads every percentage, N+ and +N figure, multiplier and count in words, in the three languages', () => {
    const values = (text: string) => claimsIn(text).map((c) => c.value);
    expect(values('58% faster, 94\u00a0% de précision, 99,9\u00a0% de disponibilité, دقة ٣٨٥٪ و80%')).toEqual([58, 94, 99.9, 385, 80]);
    expect(values('500+ integrations, +50 قالبًا, 10K+ teams')).toEqual(expect.arrayContaining([500, 50, 10_000]));
    expect(values('3.2× more booked calls, 3,1× plus de réponses')).toEqual([3.2, 3.1]);
    expect(values('plus de 200 applications, أكثر من 50 منصة, 50 templates')).toEqual(expect.arrayContaining([200, 50, 50]));
    expect(claimsIn('thousands of apps, des milliers d’applications, آلاف التطبيقات, Half of all buyers')).toHaveLength(4);
    expect(values('Ten languages, one journey; dix langues; عشر لغات; three site languages')).toEqual([10, 10, 10, 3]);
  });

  it('lets prices, dates, times, step numbers, versions, screen sizes and phone numbers be', () => {
    const allowed = [
      '$97 / month, 1 497 €',
      'Save 17% with yearly billing',
      'On 25 November 2026 at 14:30',
      '13–15s',
      'About 15 minutes',
      'Step 3 of 5',
      'OpenAPI 3.1',
      '1080×1920',
      '+44 20 7946 0958',
      `${CLAIMS.integrations} built-in integrations: ${INTEGRATIONS.join(', ')}`,
    ];
    expect(allowed.flatMap((text) => claimsIn(text, 'pricing.ts en'))).toEqual([]);
    // A discount that is not the catalogue's, or a catalogue discount outside a price, is a claim.
    expect(claimsIn('Member pricing up to 40% off')).toHaveLength(1);
    expect(claimsIn('20% faster follow-up')).toHaveLength(1);
  });

  it('claims only the figures of client/content/claims.ts, in every language', async () => {
    const wrong = (await allTexts()).flatMap(({ where, text }) =>
      claimsIn(text, where)
        .filter((claim) => !CLAIMED_FIGURES.includes(claim.value))
        .map((claim) => `${where}: "${claim.figure}" in “${text.slice(0, 100)}”`),
    );
    expect(wrong).toEqual([]);
  });

  it('marks what is not built yet as planned in the pricing comparison, in every language (as the competitor pages do)', async () => {
    const planned = { en: 'Planned, not built yet', fr: 'Prévu, pas encore disponible', ar: 'مخطط له، ولم يُبنَ بعد' } as const;
    const builder = { en: 'Included (voice and AI steps planned)', fr: 'Inclus (étapes vocales et IA prévues)', ar: 'مشمول (خطوات الصوت والذكاء الاصطناعي مخطط لها)' } as const;
    const matrices = { en: PRICING_TEXTS.en.comparison.matrix, fr: (await PRICING_TEXTS.load.fr()).default.comparison.matrix, ar: (await PRICING_TEXTS.load.ar()).default.comparison.matrix };
    for (const language of ['en', 'fr', 'ar'] as const) {
      // The automation builder (built, without voice or AI steps) and AI lead scoring (not built) rows, the same rows in each language.
      const [automation, scoring] = matrices[language][1]!.rows;
      expect([automation?.ours, scoring?.ours], language).toEqual([builder[language], planned[language]]);
    }
    expect(PRICING_TEXTS.en.comparison.matrix[1]!.rows.slice(0, 2).map((row) => row.feature)).toEqual(['Automation builder', 'AI lead scoring']);
  });
});
