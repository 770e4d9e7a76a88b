/**
 * `npm run db:restore -- --from FILE [--force]`: an embedded database from a db:backup tarball. An
 * existing one is replaced only with --force, and then set aside (renamed), not deleted.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPGlite } from '../../server/db';
import { claimEmbeddedDatabase } from '../../server/db/embedded-lock';
import { configuredDataDir, isMain, runScript, ScriptError } from './cli';

const GZIP_MAGIC = [0x1f, 0x8b];

export async function restoreEmbeddedDatabase({ dataDir, from, force = false }: { dataDir: string; from: string; force?: boolean }): Promise<{ setAside: string | undefined }> {
  if (!existsSync(from)) throw new ScriptError(`There is no backup at ${path.resolve(from)}.`);
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !force) {
    throw new ScriptError(`There is an embedded database at ${dataDir} already. Restoring replaces it: pass --force to set it aside (renamed, not deleted) and restore.`);
  }
  const release = claimEmbeddedDatabase(dataDir, 'npm run db:restore');
  const setAside = occupied ? `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : undefined;
  try {
    const bytes = await readFile(from);
    const gzipped = GZIP_MAGIC.every((byte, i) => bytes[i] === byte);
    if (setAside) await rename(dataDir, setAside);
    try {
      const pglite = await openPGlite(dataDir, new Blob([bytes], { type: gzipped ? 'application/x-gzip' : 'application/x-tar' }));
      try {
        // A Switchboard database, not just any cluster: its migrations table answers.
        await pglite.query('select count(*) from kysely_migration');
      } finally {
        await pglite.close();
      }
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      if (setAside) await rename(setAside, dataDir);
      throw new ScriptError(`${path.resolve(from)} is not a backup of a Switchboard embedded database (${error instanceof Error ? error.message : String(error)}); nothing was changed.`, {
        cause: error,
      });
    }
    return { setAside };
  } finally {
    release();
  }
}

if (isMain(import.meta.url)) {
  await runScript(async () => {
    const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean', default: false } } });
    if (!values.from) throw new ScriptError('usage: npm run db:restore -- --from FILE [--force]');
    const dataDir = await configuredDataDir();
    const { setAside } = await restoreEmbeddedDatabase({ dataDir, from: values.from, force: values.force });
    console.log(`Restored the embedded database at ${dataDir} from ${path.resolve(values.from)}.${setAside ? ` The one it replaced is at ${setAside}.` : ''}`);
  });
}
