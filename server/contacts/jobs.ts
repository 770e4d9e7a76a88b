import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import { IMPORT_JOB, ImportFailure, markImportFailed, runImport } from './imports';

/** Attempts after the first before an import is marked failed. */
export const IMPORT_RETRY_LIMIT = 3;

/**
 * The contacts domain's background jobs. The import job resumes where the import stands, so a
 * retry after a crash or a restart never writes a row twice. When retrying cannot help (or the
 * last retry fails) the import is marked failed with the reason, for its owner to see.
 */
export function registerContactJobs(deps: AppDeps): void {
  deps.jobs.register(
    IMPORT_JOB,
    async (job) => {
      try {
        return await runImport(deps, job.data, { signal: job.signal });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // The plan's contact limit reached mid-file: retrying cannot help; the chunks before it stay.
        const final = error instanceof ImportFailure || (error instanceof DomainError && error.code === 'PAYMENT_REQUIRED');
        if (!job.signal.aborted && (final || job.retryCount >= IMPORT_RETRY_LIMIT)) {
          await markImportFailed(deps, job.data, final ? reason : `The import stopped after ${IMPORT_RETRY_LIMIT + 1} attempts: ${reason}`);
          return { status: 'failed', reason };
        }
        throw error;
      }
    },
    // Large files run for minutes; one chunk at a time, several imports side by side.
    { concurrency: 2, retryLimit: IMPORT_RETRY_LIMIT, retryDelay: 10, expireInSeconds: 3600 },
  );
}
