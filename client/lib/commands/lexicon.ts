import { SCREENS, type Screen } from '../../../server/commands/schema';

/**
 * The words the command grammar knows: the app's screens (server/commands/schema.ts, which the
 * global search shares) by their names in English, French and Arabic, and the text normalization
 * every phrase goes through.
 */

/**
 * Lower case, accents folded (Zoë → zoe, é → e), apostrophes and punctuation to spaces, spaces
 * collapsed. Arabic letters are kept; their short vowels (harakat) and the tatweel are dropped and
 * the hamza forms of alif read as a bare alif (NFKD splits them off as marks), as people type them either way.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u064b-\u065f\u0640]/g, '')
    .toLowerCase()
    .replace(/[’'`]/g, "'")
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/[^\p{L}\p{N}@.+:$€£'\s-]/gu, ' ')
    .replace(/(^|\s)[-.]+|[-.]+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words that carry nothing at either end of a name or title ("the", "please", "contact"). */
const FILLER = new Set(['the', 'a', 'an', 'please', 'now', 'for', 'me', 'my', 'contact', 'named', 'called', 'le', 'la', 'les', 'mon', 'ma']);

/** A slot's text with filler words trimmed from both ends; empty when nothing is left. */
export function trimFiller(text: string): string {
  const words = text.split(' ').filter(Boolean);
  while (words.length > 0 && FILLER.has(words[0]!)) words.shift();
  while (words.length > 0 && FILLER.has(words.at(-1)!)) words.pop();
  return words.join(' ');
}

const SCREEN_NAMES = SCREENS.flatMap((screen) => screen.names.map((name) => ({ name: normalize(name), screen }))).sort((a, b) => b.name.length - a.name.length);

/** The screen a phrase names exactly (after filler words), or none. */
export function screenNamed(phrase: string): Screen | undefined {
  const text = trimFiller(phrase.replace(/^(the|la|le|les|l'|aux|au|a la|des|page|screen|ecran|صفحة|الى|إلى)\s+/, ''));
  const bare = text.replace(/\s+(page|screen|tab|view|ecran|onglet)$/, '');
  return SCREEN_NAMES.find((entry) => entry.name === bare || entry.name === text)?.screen;
}

/** Title case for a name read from speech ("julian hughes" → "Julian Hughes"), leaving typed capitals alone. */
export function titleCase(text: string): string {
  return text.replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());
}
