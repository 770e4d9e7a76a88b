export const APP_NAME = 'Switchboard';
export const NOT_FOUND_TITLE = 'Page Not Found';

/** "Contacts" → "Contacts · Switchboard"; no title → "Switchboard". */
export function formatDocumentTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

type MatchLike = { status?: string; _notFound?: boolean; staticData?: { title?: string; description?: string } };

/** The page's title from the router matches: the deepest route's `staticData.title`, or Not Found. */
export function pageTitleOf(matches: readonly MatchLike[]): string | undefined {
  if (matches.some((m) => m._notFound || m.status === 'notFound')) return NOT_FOUND_TITLE;
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = matches[i]!.staticData?.title;
    if (title) return title;
  }
  return undefined;
}

/** The page's meta description: the deepest route's `staticData.description`, if any. */
export function pageDescriptionOf(matches: readonly MatchLike[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const description = matches[i]!.staticData?.description;
    if (description) return description;
  }
  return undefined;
}
