/**
 * The input guard every door inherits: before any schema reads a request's input, its strings (keys
 * included) are checked for what no column can store — a NUL character (Postgres text refuses it)
 * and a lone UTF-16 surrogate (not encodable as UTF-8) — and its nesting depth is bounded. It runs in
 * `parseInput` (every service), in a tRPC middleware on the raw input (every procedure, /api/v1
 * included) and on every /api query string (server/http/input.ts). Plain TypeScript, no zod: the
 * rules' messages are written once, here.
 */

export const INPUT_RULES = {
  nul: 'must not contain a NUL character',
  surrogate: 'must not contain an unpaired UTF-16 surrogate',
  depth: 'is nested too deeply',
  /** A file's cell (CSV import), where a NUL or lone surrogate was stored as U+FFFD. */
  replaced: 'must not contain a NUL character, an unpaired UTF-16 surrogate or the replacement character U+FFFD',
} as const;

/** Objects and arrays deeper than this are refused (no schema of ours nests beyond a handful). */
export const MAX_INPUT_DEPTH = 32;

export type InputIssue = { path: string; message: string };

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The rule a string breaks, if any. */
export function textIssue(value: string): string | undefined {
  if (value.includes('\u0000')) return INPUT_RULES.nul;
  if (LONE_SURROGATE.test(value)) return INPUT_RULES.surrogate;
  return undefined;
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/**
 * The first rule the value breaks, with the path of the field that breaks it ('' for the value
 * itself). Walks plain objects and arrays only; iterative, so a hostile depth cannot overflow the stack.
 */
export type GuardOptions = {
  /** Prefix of every path (e.g. 'query'). */
  root?: string;
  /**
   * Top-level fields holding a file's text (an imported CSV): left to the service, which reports a
   * bad cell as a row error and stores the file through `storableText`.
   */
  fileText?: readonly string[];
};

export function findInputIssue(value: unknown, options: GuardOptions = {}): InputIssue | undefined {
  const root = options.root ?? '';
  const skip = new Set((options.fileText ?? []).map((key) => join(root, key)));
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const { value: current, path, depth } = item;
    if (depth === 1 && skip.has(path)) continue;
    if (typeof current === 'string') {
      const message = textIssue(current);
      if (message) return { path, message };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (!Array.isArray(current) && Object.getPrototypeOf(current) !== Object.prototype && Object.getPrototypeOf(current) !== null) continue;
    if (depth >= MAX_INPUT_DEPTH) return { path, message: INPUT_RULES.depth };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: join(path, i), depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const message = textIssue(key);
      // The key itself cannot be shown as it is: name the object and the rule.
      if (message) return { path, message: `keys ${message}` };
      stack.push({ value: (current as Record<string, unknown>)[key], path: join(path, key), depth: depth + 1 });
    }
  }
  return undefined;
}

/** The character a NUL or a lone surrogate becomes in `storableText`. */
export const REPLACEMENT_CHARACTER = '\uFFFD';
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A file's text as a text column can store it: each NUL and lone surrogate becomes U+FFFD. */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', REPLACEMENT_CHARACTER).replace(LONE_SURROGATES, REPLACEMENT_CHARACTER);
}
