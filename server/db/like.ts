/** A term for LIKE/ILIKE with its pattern characters (`\`, `%`, `_`) taken literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` for ILIKE: the term anywhere, taken literally. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
