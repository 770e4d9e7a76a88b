import { registerContactJobs } from '../contacts/jobs';
import type { AppDeps } from '../deps';
import { registerLeadJobs } from '../leads/jobs';
import { registerSmsJobs } from '../sms/jobs';

/**
 * Where every domain registers its background jobs on the one queue (deps.jobs), one line per
 * domain, e.g. `registerImportJobs(deps)`. startServer calls this before the queue starts.
 */
export function registerJobHandlers(deps: AppDeps): void {
  registerContactJobs(deps);
  registerLeadJobs(deps);
  registerSmsJobs(deps);
}
