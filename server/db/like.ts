import { sql, type Expression, type SqlBool } from 'kysely';

/** A term for LIKE/ILIKE with its pattern characters (`\`, `%`, `_`) taken literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` for ILIKE: the term anywhere, taken literally. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * A title matching what was typed in a quick search (the palette's, issue #21): three characters or
 * more anywhere in it (as the lists' `q`); one or two only at the start of the title or of a word after
 * a space — anywhere, they would match most titles, and a trigram index cannot serve them, while it
 * serves a word's start (`'% ju%'` holds the trigrams "  j" and " ju"; the titles' GIN indexes).
 */
export function titleMatches(column: Expression<string>, q: string): Expression<SqlBool> {
  if ([...q].length >= 3) return sql<SqlBool>`${column} ilike ${likePattern(q)}`;
  const start = `${escapeLike(q)}%`;
  return sql<SqlBool>`(${column} ilike ${start} or ${column} ilike ${`% ${start}`})`;
}
