/**
 * Arabic counted nouns: zero, one, two, few (3–10), many (11–99) and other (100…) take different
 * forms (Intl.PluralRules 'ar'); '#' is where the number goes.
 */
export type ArabicForms = Record<Intl.LDMLPluralRule, string>;

const rules = new Intl.PluralRules('ar');

export const plural = (n: number, forms: ArabicForms): string => forms[rules.select(n)].replace('#', String(n));

export const DAYS: ArabicForms = { zero: '# يوم', one: 'يوم واحد', two: 'يومان', few: '# أيام', many: '# يومًا', other: '# يوم' };
export const HOURS: ArabicForms = { zero: '# ساعة', one: 'ساعة واحدة', two: 'ساعتان', few: '# ساعات', many: '# ساعة', other: '# ساعة' };
export const MINUTES: ArabicForms = { zero: '# دقيقة', one: 'دقيقة واحدة', two: 'دقيقتان', few: '# دقائق', many: '# دقيقة', other: '# دقيقة' };
