/* The public site's texts as the site-* unit tests read them: every page's text tree and the copy written in the public routes. */

type Texts = { en: unknown; load: Record<'fr' | 'ar', () => Promise<{ default: unknown }>> };
const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null && 'en' in value && 'load' in value && typeof (value as Texts).load?.fr === 'function';

const modules = import.meta.glob<Record<string, unknown>>('../../client/content/*.ts', { eager: true });
/** Every page's text tree (client/content): its English texts, and its French and Arabic ones to load. */
export const pageTexts = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isTexts(value))
    .map(([name, value]) => ({ name: `${file.replace(/^.*\//, '')} ${name}`, texts: value as Texts })),
);

/** The public routes and marketing components that hold their own copy (not in a text tree), by file. */
// The (site) group's parentheses are escaped: a glob would read them as a pattern group.
export const routeSources = import.meta.glob<string>(
  ['../../client/routes/*.tsx', '../../client/routes/\\(site\\)/*.tsx', '../../client/routes/\\(site\\)/-landing/*.tsx', '../../client/components/marketing/*.tsx'],
  { eager: true, query: '?raw', import: 'default' },
);

/** What a route shows, not its code: its string literals and JSX text. */
export const routeLiterals = (source: string): string[] => [...source.matchAll(/'((?:[^'\\\n]|\\.)*)'|`([^`]*)`|>([^<>{}]+)<|="([^"\n]*)"/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');

/**
 * Each public route's head, as its file declares it in `staticData`: the English title and
 * description (the French and Arabic ones are the chrome catalogs' `meta.<path>`); a description
 * built from figures keeps its `${…}` placeholders.
 */
export const routeHeads = Object.entries(routeSources)
  .filter(([file]) => /\/\(site\)\/[^/-][^/]*\.tsx$/.test(file))
  .map(([file, source]) => {
    const start = source.indexOf('staticData:');
    const block = start < 0 ? '' : source.slice(start, source.indexOf('component:', start));
    const field = (name: string) =>
      block
        .match(new RegExp(`\\b${name}:\\s*(?:'((?:[^'\\\\\\n]|\\\\.)*)'|\`([^\`]*)\`)`))
        ?.slice(1)
        .find((text) => text !== undefined);
    const name = file.replace(/^.*\//, '').replace(/\.tsx$/, '');
    return { file: file.replace(/^.*client\//, ''), path: name === 'index' ? '/' : `/${name}`, title: field('title'), description: field('description') };
  });
