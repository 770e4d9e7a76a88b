/**
 * The template engine every channel shares (SMS templates, e-mail templates): `{{name}}` placeholders,
 * and `{{name|fallback}}` whose fallback stands in when the value is missing or blank. A name may be
 * dotted (`{{contact.firstName | there}}`, the campaigns' merge fields). Pure, so the client renders
 * previews with it (through the channels' schema.ts modules).
 */

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*(?:\|([^}]*))?\}\}/g;

/** Variable names of a template's placeholders, in order of first use. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * The text with each placeholder replaced by its (trimmed) value, else by its fallback, each passed
 * through `encode` (a link's query takes `encodeURIComponent`). The names with neither a non-blank value nor a fallback (in any of their placeholders) are returned as missing.
 */
export function renderTemplate(text: string, values: Record<string, string>, encode: (value: string) => string = (value) => value): { text: string; missing: string[] } {
  const missing = new Set<string>();
  const rendered = text.replace(PLACEHOLDER, (_, name: string, fallback: string | undefined) => {
    // Own keys only: `{{constructor}}` names no value, not Object.prototype's.
    const value = Object.hasOwn(values, name) ? values[name]?.trim() : undefined;
    if (value) return encode(value);
    if (fallback !== undefined) return encode(fallback.trim());
    missing.add(name);
    return '';
  });
  // In order of first use; the text is scanned again only when something is missing.
  return { text: rendered, missing: missing.size === 0 ? [] : templateVariables(text).filter((name) => missing.has(name)) };
}
