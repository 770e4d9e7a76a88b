import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimEmbeddedDatabase, EmbeddedDatabaseInUseError, embeddedLockFile } from '../../server/db/embedded-lock';

describe('the embedded database lock', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'sb-lock-')), 'pglite');
  });
  afterEach(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('is held by one claimant at a time, who is named to the next, until given back', () => {
    const release = claimEmbeddedDatabase(dataDir, 'a Switchboard server');
    expect(readFileSync(embeddedLockFile(dataDir), 'utf8')).toBe(`${process.pid}\na Switchboard server\n`);
    expect(() => claimEmbeddedDatabase(dataDir, 'npm run db:backup')).toThrow(EmbeddedDatabaseInUseError);
    expect(() => claimEmbeddedDatabase(dataDir, 'npm run db:backup')).toThrow(`is in use by process ${process.pid} (a Switchboard server). Stop it first`);
    release();
    expect(existsSync(embeddedLockFile(dataDir))).toBe(false);
    claimEmbeddedDatabase(dataDir, 'npm run db:backup')();
  });

  it('is taken over from a process that is gone', () => {
    // Above Linux's largest pid (2^22): no such process.
    writeFileSync(embeddedLockFile(dataDir), '4194305\na Switchboard server\n');
    const release = claimEmbeddedDatabase(dataDir, 'npm run db:move');
    expect(readFileSync(embeddedLockFile(dataDir), 'utf8')).toBe(`${process.pid}\nnpm run db:move\n`);
    release();
  });
});
