import { normalize } from './lexicon';

/** Words that name no template in particular ("the welcome series template"). */
const FILLER = new Set(['the', 'a', 'an', 'my', 'our', 'template', 'workflow', 'automation']);

const wordsOf = (text: string) =>
  normalize(text)
    .split(/[\s-]+/)
    .filter((word) => word && !FILLER.has(word));

/**
 * The workflow template a spoken or typed name means: every word said is a word of its name, or
 * the start of one ("lead nurturing", "dental", "agency follow up"); among several, the one with
 * the fewest words left unsaid. Null when none fits or nothing was named.
 */
export function templateNamed<T extends { name: string }>(said: string, templates: readonly T[]): T | null {
  const words = wordsOf(said);
  if (words.length === 0) return null;
  let best: T | null = null;
  let unsaid = Infinity;
  for (const template of templates) {
    const name = wordsOf(template.name);
    if (!words.every((word) => name.some((part) => part.startsWith(word)))) continue;
    if (name.length - words.length < unsaid) {
      best = template;
      unsaid = name.length - words.length;
    }
  }
  return best;
}
