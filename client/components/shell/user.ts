/** The signed-in user as the shell shows it; a later auth issue supplies it. */
export type ShellUser = { name: string; email: string };

/** "Ada Lovelace" → "AL", "cher" → "C", "" → "?" (first letters of the first and last words). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  return (first + last).toUpperCase();
}
