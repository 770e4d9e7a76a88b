import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The variables of the README's Configuration table (its rows start with | `NAME` | or | `A` / `B` |). */
function readmeVariables(): string[] {
  const readme = read('README.md');
  const start = readme.indexOf('## Configuration');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^\| (`[A-Z][A-Z0-9_]+`(?: \/ `[A-Z][A-Z0-9_]+`)*) \|/gm)].flatMap(([, names]) => [...names!.matchAll(/`([A-Z0-9_]+)`/g)].map(([, name]) => name!));
}

describe('.env.example (issue #22)', () => {
  it('lists every variable of the README configuration table, and nothing else', () => {
    const listed = [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map(([, name]) => name!);
    const documented = readmeVariables();
    expect(documented.length).toBeGreaterThan(20);
    expect([...listed].sort()).toEqual([...new Set(documented)].sort());
  });
});
