/**
 * `npm run db:backup -- --out FILE`: the embedded database as one gzipped tarball (PGlite's
 * dumpDataDir). Only while no server runs on it: a second process on the cluster would corrupt it,
 * and a copy of files under a running server is not consistent — the server's lock file refuses.
 */
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPGlite } from '../../server/db';
import { claimEmbeddedDatabase } from '../../server/db/embedded-lock';
import { configuredDataDir, isMain, requireEmbeddedDatabase, runScript, ScriptError } from './cli';

export async function backupEmbeddedDatabase({ dataDir, out }: { dataDir: string; out: string }): Promise<{ bytes: number }> {
  requireEmbeddedDatabase(dataDir, 'back up');
  if (existsSync(out)) throw new ScriptError(`${path.resolve(out)} exists already: give the backup a new name.`);
  const release = claimEmbeddedDatabase(dataDir, 'npm run db:backup');
  try {
    const pglite = await openPGlite(dataDir);
    try {
      const bytes = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
      // Written aside and renamed: an interrupted backup leaves no truncated file under the name asked for.
      await writeFile(`${out}.partial`, bytes);
      await rename(`${out}.partial`, out);
      return { bytes: bytes.length };
    } finally {
      await pglite.close();
    }
  } finally {
    release();
  }
}

if (isMain(import.meta.url)) {
  await runScript(async () => {
    const { values } = parseArgs({ options: { out: { type: 'string' } } });
    if (!values.out) throw new ScriptError('usage: npm run db:backup -- --out FILE (a new file, e.g. switchboard-2026-11-28.tar.gz)');
    const { bytes } = await backupEmbeddedDatabase({ dataDir: await configuredDataDir(), out: values.out });
    console.log(`Backed up the embedded database to ${path.resolve(values.out)} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  });
}
