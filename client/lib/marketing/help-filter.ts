/** Help centre rules (spec public-site §4, §5) as pure functions. */

export type HelpVideo = { id: number; title: string; description: string; category: string };

/** A video is listed when the category is 'all' or its own, and the search text is empty or appears (any case) in its title or description. */
export function filterVideos<V extends HelpVideo>(videos: readonly V[], category: string, search: string): V[] {
  const query = search.trim().toLowerCase();
  return videos.filter((v) => (category === 'all' || v.category === category) && (query === '' || v.title.toLowerCase().includes(query) || v.description.toLowerCase().includes(query)));
}

/** Search analytics are sent only for text longer than 2 characters. */
export function shouldTrackSearch(search: string): boolean {
  return search.trim().length > 2;
}
