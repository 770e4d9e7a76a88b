import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../client/i18n/languages';
import { SECURITY_TEXTS } from '../../client/content/security';
import { ROLE_LABELS } from '../../server/auth/schema';
import fr from '../../client/i18n/fr.json';
import ar from '../../client/i18n/ar.json';
import { ARABIC_RULES, FRENCH_RULES } from '../helpers/typography';

/**
 * Every page's texts (client/content, `pageTexts`) exist in French and Arabic with the English
 * shape: the same keys, the same number of items in each list, text where English has text, the
 * same yes/no marks. The compiler checks most of this; this test also catches a list one item short
 * and checks each language's typography.
 */

type Texts = { en: unknown; load: Record<'fr' | 'ar', () => Promise<{ default: unknown }>> };
const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null && 'en' in value && 'load' in value && typeof (value as Texts).load?.fr === 'function';

const modules = import.meta.glob<Record<string, unknown>>('../../client/content/*.ts', { eager: true });
const allTexts = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isTexts(value))
    .map(([name, value]) => ({ name: `${file.replace(/^.*\//, '')} ${name}`, texts: value as Texts })),
);

/** Each leaf as "path: kind" (booleans with their value), in order. */
function shape(node: unknown, path = ''): string[] {
  if (typeof node === 'string') return [`${path}: text`];
  if (typeof node === 'function') return [`${path}: function(${node.length})`];
  if (typeof node === 'boolean') return [`${path}: ${node}`];
  if (typeof node === 'number') return [`${path}: number ${node}`];
  if (Array.isArray(node)) return [`${path}: list of ${node.length}`, ...node.flatMap((item, i) => shape(item, `${path}[${i}]`))];
  if (typeof node === 'object' && node !== null) return Object.entries(node).flatMap(([key, value]) => shape(value, path ? `${path}.${key}` : key));
  return [`${path}: ${typeof node}`];
}

/** Every text of a tree (text functions called with sample arguments). */
function strings(node: unknown, path = ''): { path: string; text: string }[] {
  if (typeof node === 'string') return [{ path, text: node }];
  if (typeof node === 'function') return [{ path, text: String((node as (...args: unknown[]) => unknown)(2, 2, 2)) }];
  if (Array.isArray(node)) return node.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (typeof node === 'object' && node !== null) return Object.entries(node).flatMap(([key, value]) => strings(value, `${path}.${key}`));
  return [];
}

describe('page texts of the public site', () => {
  it('are found in client/content', () => {
    expect(allTexts.length).toBeGreaterThan(5);
  });

  it.each(allTexts)('$name: French and Arabic have the English shape and their own typography', async ({ texts }) => {
    const english = shape(texts.en);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const translated = (await texts.load[language as 'fr' | 'ar']()).default;
      expect(shape(translated), language).toEqual(english);
      const rules = language === 'fr' ? FRENCH_RULES : ARABIC_RULES;
      const broken = strings(translated).flatMap(({ path, text }) => rules.filter(([, rule]) => rule.test(text)).map(([name]) => `${path}: ${name}: ${text}`));
      expect(broken, language).toEqual([]);
    }
  });

  it('names the roles on the public security page as the app does', () => {
    expect(SECURITY_TEXTS.en.roles).toEqual(ROLE_LABELS);
  });

  it("keeps the chrome catalogs' French and Arabic typography too", () => {
    const broken = (catalog: object, rules: [string, RegExp][]) =>
      strings(catalog).flatMap(({ path, text }) => rules.filter(([, rule]) => rule.test(text)).map(([name]) => `${path}: ${name}: ${text}`));
    expect(broken(fr, FRENCH_RULES)).toEqual([]);
    expect(broken(ar, ARABIC_RULES)).toEqual([]);
  });
});
