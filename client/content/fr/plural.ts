/** French plural: the singular for 0 and 1 (Intl.PluralRules 'fr'), written with the number. */
const rules = new Intl.PluralRules('fr');

export const plural = (n: number, one: string, other: string): string => (rules.select(n) === 'one' ? one : other).replace('#', String(n));
