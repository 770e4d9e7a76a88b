import { describe, expect, it } from 'vitest';
import { TUTORIALS } from '../../client/content/tutorials';
import ar from '../../client/i18n/ar.json';
import en from '../../client/i18n/en.json';
import fr from '../../client/i18n/fr.json';
import { pageLanguage } from '../../client/i18n/languages';
import { BOT_REPLIES } from '../../server/chat/schema';
import { pageTexts, routeHeads, routeLiterals, routeSources } from '../helpers/site-texts';

/**
 * The public pages never promise what the product does not do. What is not built — voice calls, AI (AI lead scoring, predictive sending), an integrations marketplace, the
 * automations' "Send webhook" step, A/B tests of anything but a campaign's subject line or body, white label,
 * single sign-on, a signed BAA, support around the clock — may be named only in a text that marks it
 * planned, with each language's one wording ("Planned, not built yet", "Prévu, pas encore disponible",
 * "مخطط له، ولم يُبنَ بعد"). Built, and named plainly: automations (the workflow engine and its builder,
 * with rule-based lead score and A/B split steps), e-mail and SMS campaigns to segments with an A/B test
 * of the subject line or the body (issue #18), outbound webhooks from Settings (issue #19), websites and funnels with
 * public booking pages (issue #20), and the Voice Command Center (issue #21), whose own page
 * describes it.
 *
 * Scanned: every page's text tree in English, French and Arabic (client/content), the English
 * tutorials, the chat's canned replies (server/chat/schema.ts), the texts written in the public
 * routes and marketing components, the chrome catalogs (client/i18n/{en,fr,ar}.json) and each page's
 * head — its title and meta description, in its route (English) and in the catalogs' `meta` (French,
 * Arabic), which search results show without the page around them. The previews of planned features (multi-channel
 * orchestration, the demo dashboard's simulated automation run) are marked as a whole page, which the last test checks.
 */

type Language = 'en' | 'fr' | 'ar';

/** The unbuilt features, as each language names them. */
const UNBUILT: Record<Language, RegExp[]> = {
  en: [
    /\bAI\b|artificial intelligence|predictive/i,
    // Voice calls and a voice channel are not built; voice commands are (issue #21).
    /(?<!your |own |the )\bvoice\b(?! commands?\b)/i,
    // Outbound webhooks are built (Settings → Webhooks); an automation step that sends one is not.
    /send(?:s|ing)? (?:a )?webhook|webhook (?:step|block|action)/i,
    /marketplace/i,
    // A campaign's A/B test of its subject line or body is built; an A/B test of anything else is not.
    /\bA\/B test(?![^.]*\b(?:subject|body))/i,
    /white[- ]label/i,
    /single sign-on|\bSSO\b|with a signed BAA|24\/7|around the clock/i,
  ],
  fr: [
    /\bIA\b|intelligence artificielle|prédicti/i,
    // Voice commands are built, also as a hashtag (#commandesvocales).
    /(?<!commandes? ?)vocal|(?<!votre )\bvoix\b/i,
    /envoyer (?:un )?webhook|étape webhook/i,
    /marketplace|place de marché/i,
    /tests? A\/B(?![^.]*\b(?:objet|corps))/i,
    /marque blanche/i,
    /authentification unique|\bSSO\b|avec (?:un )?BAA signé|24\s?h\s?\/\s?24|7\s?j\s?\/\s?7/i,
  ],
  ar: [
    /الذكاء الاصطناعي|التنبؤ/,
    /المكالمات الصوتية|المساعد_?الصوتي|بالصوت/,
    /إرسال (?:webhook|خطاف)/i,
    /سوق التكاملات/,
    /اختبار(?:ات)? A\/B(?![^.]*(?:الموضوع|نص الرسالة))/i,
    /علامة بيضاء|العلامة البيضاء/,
    /تسجيل دخول موحّ?د|تسجيل الدخول الموحّ?د|\bSSO\b|مع اتفاقية BAA موقّعة|على مدار الساعة/,
  ],
};

/** How a text marks a feature as planned, or (automations) as being built. */
const MARKED: Record<Language, RegExp> = {
  en: /planned|not built yet|being built|roadmap/i,
  fr: /prévu|pas encore disponible|en cours de construction|feuille de route/i,
  ar: /مخطط|لم يُبنَ|لم تُبنَ|قيد البناء/,
};

/** The product's category is "CRM and marketing automation" in every language: a name, not a feature list. */
const CATEGORY: Record<Language, RegExp> = {
  en: /marketing[- ]automation/gi,
  fr: /automatisation (?:du )?marketing/gi,
  ar: /أتمتة التسويق/g,
};

/** Pages about one feature as a whole: the previews of planned ones (their eyebrow or lead says so) and the built Voice Command Center's. */
const PLANNED_PAGES = /^(?:voice|orchestration)\.ts |^demo\.ts DEMO_TEXTS \w+\.dashboard\.|(?:voice-command-center|multi-channel-orchestration|demo-dashboard)\.tsx$/;

/** The chrome catalogs; French and Arabic hold the public pages' heads in `meta.<path>`. */
const CATALOGS: Record<Language, { meta?: Record<string, { title: string; description?: string }> }> = {
  en: en as typeof en & { meta?: undefined },
  fr,
  ar,
};

/** Route sources are English, except the French and Arabic language landings and tutorials. */
const routeLanguage = (file: string): Language => (/\/(?:fr|french-tutorial)\.tsx$/.test(file) ? 'fr' : /\/(?:ar|arabic-tutorial)\.tsx$/.test(file) ? 'ar' : 'en');

/** Every text of a tree, and whether a heading above it (a title marked planned) already marks it. */
function strings(language: Language, node: unknown, path: string, marked = false): { where: string; text: string; marked: boolean }[] {
  // An id names a record in code (a tutorial's anchor), it is not shown as text.
  if (typeof node === 'string') return /\.id$/.test(path) ? [] : [{ where: path, text: node, marked }];
  if (typeof node === 'function') return [{ where: path, text: String((node as (...args: unknown[]) => unknown)(2, 2, 2)), marked }];
  if (Array.isArray(node)) return node.flatMap((item, i) => strings(language, item, `${path}[${i}]`, marked));
  if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    // A comparison row is read as its feature with Switchboard's cell; the other cells describe the competitors.
    if (typeof record.label === 'string' && Array.isArray(record.cells)) return [{ where: `${path}.label`, text: `${record.label}: ${String(record.cells[0])}`, marked }];
    // A question is read with its answer, which says whether the feature is built.
    if (typeof record.question === 'string' && typeof record.answer === 'string') return [{ where: `${path}.question`, text: `${record.question} ${record.answer}`, marked }];
    if (typeof record.feature === 'string' && typeof record.ours === 'string') return [{ where: `${path}.feature`, text: `${record.feature}: ${record.ours}`, marked }];
    // A section whose title marks it planned (or being built) marks what it holds: a tutorial's steps, a template's text.
    const heading = marked || (typeof record.title === 'string' && MARKED[language].test(record.title));
    return Object.entries(record).flatMap(([key, value]) => strings(language, value, `${path}.${key}`, heading));
  }
  return [];
}

async function siteTexts(): Promise<{ where: string; language: Language; text: string; marked: boolean }[]> {
  const found: { where: string; language: Language; text: string; marked: boolean }[] = [];
  for (const { name, texts } of pageTexts) {
    found.push(...strings('en', texts.en, `${name} en`).map((t) => ({ ...t, language: 'en' as const })));
    for (const language of ['fr', 'ar'] as const) found.push(...strings(language, (await texts.load[language]()).default, `${name} ${language}`).map((t) => ({ ...t, language })));
  }
  // The English tutorials (/tutorials) are a list of their own, not a text tree.
  found.push(...strings('en', TUTORIALS, 'tutorials.ts TUTORIALS en').map((t) => ({ ...t, language: 'en' as const })));
  // The website chat's canned replies, in the visitor's language.
  for (const language of ['en', 'fr', 'ar'] as const) found.push(...strings(language, BOT_REPLIES[language], `chat BOT_REPLIES ${language}`).map((t) => ({ ...t, language })));
  // A head is read on its own (a search result shows it without the page): a description must say itself
  // what is planned; a title, the page's name, is marked by its description (they are shown together).
  const head = (where: string, language: Language, title: string | undefined, description: string | undefined) => {
    const marked = description !== undefined && MARKED[language].test(description);
    if (title) found.push({ where: `${where}.title`, language, text: title, marked });
    if (description) found.push({ where: `${where}.description`, language, text: description, marked: false });
  };
  for (const language of ['en', 'fr', 'ar'] as const) {
    const { meta = {}, ...chrome } = CATALOGS[language];
    found.push(...strings(language, chrome, `i18n/${language}.json`).map((t) => ({ ...t, language })));
    for (const [path, { title, description }] of Object.entries(meta)) head(`i18n/${language}.json meta.${path}`, language, title, description);
  }
  // The English heads, also where the rest of the page previews a planned feature.
  for (const { file, title, description } of routeHeads) head(`${file} head`, routeLanguage(file), title, description);
  for (const [file, source] of Object.entries(routeSources)) {
    const where = file.replace(/^.*client\//, '');
    // A literal without a space that is not capitalised is code (an import, a key), not copy.
    const copy = routeLiterals(source).filter((text) => /\s/.test(text) || /^\p{Lu}/u.test(text));
    found.push(...copy.map((text) => ({ where, language: routeLanguage(file), text, marked: false })));
  }
  return found;
}

/** The unbuilt features a text names without marking them planned (or, for automations, being built). */
function unmarkedPromises(language: Language, text: string, where = ''): string[] {
  // A list of planned things (integrations' "planned" section) is marked by its heading; a plan's limitations say what it lacks.
  // The automation builder's templates are named as the app names them ("Appointment Booking Flow").
  if (MARKED[language].test(text) || /\.planned\b|\.limitations\[|^automation-builder\.ts .*\.templates\[\d+\]\.name$/.test(where)) return [];
  const named = text.replace(CATEGORY[language], '');
  return UNBUILT[language].flatMap((feature) => named.match(feature)?.[0] ?? []);
}

describe('the public site’s promises', () => {
  it('recognises an unbuilt feature and its planned marker, in the three languages', () => {
    expect(unmarkedPromises('en', 'E-mail and SMS campaigns, online booking and outbound webhooks')).toEqual([]);
    expect(unmarkedPromises('en', 'Campaigns A/B test their subject line.')).toEqual([]);
    expect(unmarkedPromises('en', 'Campaigns A/B test their body.')).toEqual([]);
    expect(unmarkedPromises('en', 'A/B test your landing pages, then send a webhook from a workflow')).toHaveLength(2);
    expect(unmarkedPromises('en', 'Online booking, AI lead scoring and voice calls')).toHaveLength(2);
    expect(unmarkedPromises('en', 'Voice commands: say it, confirm it')).toEqual([]);
    expect(unmarkedPromises('en', 'Websites and funnels (planned): landing pages that turn visitors into contacts.')).toEqual([]);
    expect(unmarkedPromises('en', 'Automations — being built: triggers, waits and conditions.')).toEqual([]);
    expect(unmarkedPromises('en', 'Switchboard vs ActiveCampaign, in your own voice')).toEqual([]);
    expect(unmarkedPromises('fr', 'Campagnes e-mail et SMS, réservation en ligne, test A/B de l’objet')).toEqual([]);
    expect(unmarkedPromises('fr', 'Test A/B du corps d’un e-mail')).toEqual([]);
    expect(unmarkedPromises('fr', 'Tests A/B des pages et étape webhook')).toHaveLength(2);
    expect(unmarkedPromises('fr', 'Prévu, pas encore disponible : tunnels de vente.')).toEqual([]);
    expect(unmarkedPromises('ar', 'حملات البريد والرسائل النصية والحجز عبر الإنترنت واختبار A/B لسطر الموضوع')).toEqual([]);
    expect(unmarkedPromises('ar', 'اختبار A/B للصفحات والذكاء الاصطناعي')).toHaveLength(2);
    expect(unmarkedPromises('ar', 'اختبار A/B لنص الرسالة')).toEqual([]);
    expect(unmarkedPromises('ar', 'مخطط له، ولم يُبنَ بعد: مسارات التحويل')).toEqual([]);
    expect(unmarkedPromises('fr', 'Authentification unique, HIPAA avec BAA signé et support en direct 24\u00a0h/24.')).toHaveLength(1);
    expect(unmarkedPromises('ar', 'تسجيل دخول موحّد، وHIPAA مع اتفاقية BAA موقّعة')).toHaveLength(1);
    expect(unmarkedPromises('en', 'The open-source CRM and marketing-automation platform')).toEqual([]);
  });

  it('promises no unbuilt feature without marking it planned, in any language', async () => {
    const texts = await siteTexts();
    expect(texts.length).toBeGreaterThan(1000);
    const promised = texts
      .filter(({ where, marked }) => !marked && !PLANNED_PAGES.test(where))
      .flatMap(({ where, language, text }) => unmarkedPromises(language, text, where).map((feature) => `${where}: "${feature}" in “${text.slice(0, 120)}”`));
    expect(promised).toEqual([]);
  });

  it('gives a page a French and an Arabic description wherever it has an English one, marked as the English is', () => {
    const described = routeHeads.filter(({ description, path }) => description && pageLanguage(path) === undefined);
    expect(described.length).toBeGreaterThan(20);
    for (const { path, description } of described)
      for (const language of ['fr', 'ar'] as const) {
        const translated = CATALOGS[language].meta?.[path]?.description;
        expect(translated, `${language} ${path}`).toBeTruthy();
        expect(MARKED[language].test(translated!), `${language} ${path}: marked as the English is`).toBe(MARKED.en.test(description!));
      }
  });

  it('marks the previews of planned features as planned at the top of the page, in every language', async () => {
    for (const { name, texts } of pageTexts.filter(({ name }) => /^(?:orchestration|demo)\.ts /.test(name))) {
      for (const language of ['en', 'fr', 'ar'] as const) {
        const loaded = (language === 'en' ? texts.en : (await texts.load[language]()).default) as { eyebrow: string; lead: string; dashboard?: { eyebrow: string; lead: string } };
        const tree = loaded.dashboard ?? loaded;
        expect(`${tree.eyebrow} ${tree.lead}`, `${name} ${language}`).toMatch(MARKED[language]);
      }
    }
  });
});
