import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, migrateToLatest } from '../../server/db/migrate';

/**
 * A new in-memory PGlite runs initdb and then every migration: several seconds, far more on a busy
 * machine. The suites start each of their databases from one dump of a migrated one instead, made
 * once and kept while the migrations and PGlite stay the same.
 */
const NODE_MODULES = path.resolve(import.meta.dirname, '../../node_modules');
const CACHE_DIR = path.join(NODE_MODULES, '.cache/switchboard-tests');

function snapshotFile(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(NODE_MODULES, '@electric-sql/pglite/package.json')));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  // The tenant views are made after the migrations by this module (decision 033).
  hash.update(readFileSync(path.resolve(import.meta.dirname, '../../server/db/tenant-views.ts')));
  return path.join(CACHE_DIR, `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Global setup: makes the dump when missing and tells the workers where it is. */
export async function provideMigratedSnapshot(project: TestProject): Promise<void> {
  const file = snapshotFile();
  if (!existsSync(file)) {
    const pglite = await PGlite.create('memory://', { extensions: { pg_trgm, btree_gist } });
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    try {
      await migrateToLatest(db);
      const dump = await pglite.dumpDataDir('none');
      mkdirSync(CACHE_DIR, { recursive: true });
      // Written aside and renamed: a run that stops half-way leaves no truncated dump behind, and two
      // projects' setups making it at once each rename a whole one.
      const partial = `${file}.${randomUUID()}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      // Dumps of earlier migrations are of no further use.
      for (const name of readdirSync(CACHE_DIR)) if (name.endsWith('.tar') && path.join(CACHE_DIR, name) !== file) await rm(path.join(CACHE_DIR, name), { force: true });
    } finally {
      await db.destroy();
    }
  }
  project.provide('pgliteSnapshot', file);
}

let loaded: Promise<Blob> | undefined;

/** The migrated database's dump, for openDatabase's loadDataDir (read once per worker). */
export function migratedSnapshot(): Promise<Blob> {
  loaded ??= readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([bytes]));
  return loaded;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}
