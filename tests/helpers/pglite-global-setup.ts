import type { TestProject } from 'vitest/node';
import { provideMigratedSnapshot } from './pglite-snapshot';

/** The PGlite suite's databases start from one migrated dump (tests/helpers/pglite-snapshot.ts). */
export default function setup(project: TestProject): Promise<void> {
  return provideMigratedSnapshot(project);
}
