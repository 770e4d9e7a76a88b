import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../../../scripts/lib/client-build';
import { provideMigratedSnapshot } from '../../helpers/pglite-snapshot';

/**
 * The e2e suite drives the production build; build it once, before any worker starts, when stale.
 * Each file's server starts from one migrated database dump.
 */
export default async function setup(project: TestProject): Promise<void> {
  await ensureClientBuild();
  await provideMigratedSnapshot(project);
}
