/* Each language's typography, as the public site's texts follow it (page texts, chrome catalogs, chat texts). */

const SPACE = '[\\u00a0\\u202f]';
/** French: a (narrow) no-break space before : ; ! ? » and after «, typographic apostrophes. */
export const FRENCH_RULES: [string, RegExp][] = [
  ['space before a colon', new RegExp(`(?<!${SPACE}):(?=\\s|$)`)],
  ['space before ; ! ?', new RegExp(`(?<!${SPACE})[;!?](?=\\s|$)`)],
  ['space inside « »', new RegExp(`«(?!${SPACE})|(?<!${SPACE})»`)],
  ['typographic apostrophe', /\p{L}'\p{L}/u],
];
/** Arabic: Arabic comma, semicolon and question mark. */
export const ARABIC_RULES: [string, RegExp][] = [
  ['Arabic comma ،', /\p{Script=Arabic}\s*,/u],
  ['Arabic semicolon ؛', /\p{Script=Arabic}\s*;/u],
  ['Arabic question mark ؟', /\?/],
];

/** The rules a text breaks ("rule: text"), for the language's own rules. */
export function typographyFaults(language: 'fr' | 'ar', text: string): string[] {
  return (language === 'fr' ? FRENCH_RULES : ARABIC_RULES).filter(([, rule]) => rule.test(text)).map(([name]) => `${name}: ${text}`);
}
