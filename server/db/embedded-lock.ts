import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data directory, and two processes writing one cluster corrupt it. So
 * whoever opens it for real work (the server, the db: scripts) claims it first with a pid file beside
 * it (`<dataDir>.pid`), removed when done; a file left by a process that is gone is taken over.
 */
export class EmbeddedDatabaseInUseError extends Error {
  override name = 'EmbeddedDatabaseInUseError';
}

export function embeddedLockFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.pid`;
}

/** Claims the data directory for this process; the returned function gives it back. */
export function claimEmbeddedDatabase(dataDir: string, holder: string): () => void {
  const file = embeddedLockFile(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx': created only if absent, so two claims at once cannot both win.
      writeFileSync(file, `${process.pid}\n${holder}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const [pid, owner] = readFileSync(file, 'utf8').split('\n');
    if (isAlive(Number(pid))) {
      throw new EmbeddedDatabaseInUseError(
        `The embedded database at ${path.resolve(dataDir)} is in use by process ${pid} (${owner || 'unknown'}). Stop it first (Ctrl+C or SIGTERM), then try again; if that process is not Switchboard's, delete ${file}.`,
      );
    }
    rmSync(file, { force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
