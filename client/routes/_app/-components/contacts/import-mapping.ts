/** Checks of an import's column mapping, made before the server is asked (it makes them again). */

/** Fields one column at most may fill; tags and notes may come from several. */
export const REPEATABLE = new Set(['tags', 'note']);
export const IDENTITY = ['firstName', 'lastName', 'fullName', 'email', 'phone'];

/** Problems of a mapping the server would refuse, by column, plus the mapping as a whole. */
export function mappingProblems(mapping: Record<string, string>): { byColumn: Record<string, string>; overall: string | null } {
  const byColumn: Record<string, string> = {};
  const first = new Map<string, string>();
  for (const [header, target] of Object.entries(mapping)) {
    if (!target || REPEATABLE.has(target)) continue;
    const earlier = first.get(target);
    if (earlier !== undefined) byColumn[header] = `“${earlier}” already fills this field; choose one column`;
    else first.set(target, header);
  }
  const targets = new Set(Object.values(mapping));
  const overall = IDENTITY.some((t) => targets.has(t)) ? null : 'Map at least one column to a name, an e-mail or a phone.';
  return { byColumn, overall };
}
