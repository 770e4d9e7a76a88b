import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A test that logs an unexpected console.error fails. A test that expects one says so with
 * `expectConsoleError(/pattern/)` before the code that logs it.
 */
const expected: RegExp[] = [];
let unexpected: string[] = [];

export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');
    if (!expected.some((p) => p.test(text))) unexpected.push(text);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore?.();
  expected.length = 0;
  if (unexpected.length > 0) {
    const logged = unexpected.join('\n---\n');
    unexpected = [];
    throw new Error(`Unexpected console.error during the test:\n${logged}`);
  }
});
