import { describe, expect, it } from 'vitest';
import { splitStatements } from '../../server/jobs/executor';

describe('splitStatements (pg-boss scripts on PGlite)', () => {
  it('splits on top-level semicolons and drops empty statements', () => {
    expect(splitStatements('BEGIN;\n SET LOCAL lock_timeout = 30000 ;\nSELECT 1;\nCOMMIT;\n')).toEqual(['BEGIN', 'SET LOCAL lock_timeout = 30000', 'SELECT 1', 'COMMIT']);
  });

  it('keeps dollar-quoted function bodies, quoted text and comments whole', () => {
    const fn = `CREATE FUNCTION f() RETURNS void AS $$ BEGIN PERFORM 1; EXECUTE format('x;''y'); END; $$ LANGUAGE plpgsql`;
    const tagged = `DO $body$ BEGIN RAISE NOTICE 'a;b'; END $body$`;
    expect(splitStatements(`${fn};\n${tagged};\nSELECT ';' AS "se;mi" -- trailing; comment\n;/* block; */ SELECT $1`)).toEqual([
      fn,
      tagged,
      `SELECT ';' AS "se;mi" -- trailing; comment`,
      '/* block; */ SELECT $1',
    ]);
  });

  it('leaves a single statement as it is', () => {
    expect(splitStatements('  SELECT 1  ')).toEqual(['SELECT 1']);
  });
});
