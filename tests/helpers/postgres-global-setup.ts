import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

/** Each run gets its own databases (one per worker, named by this run id); all are dropped at the end. */
export default function setup(project: TestProject) {
  const runId = `sb_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  project.provide('postgresRunId', runId);
  return async () => {
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${runId + '%'}`;
      for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresRunId: string;
  }
}
