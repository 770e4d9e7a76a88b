import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';

const run = promisify(execFile);
/** The installed CLI itself (no npx: nothing is fetched, and Node is the one running the tests). */
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

describe('the served OpenAPI document', () => {
  it('passes @redocly/cli lint with the recommended rules and no error', async () => {
    const { app } = await buildTestApp();
    const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, await (await app.request('/api/openapi.json')).text());
      const result = await run(process.execPath, [REDOCLY, 'lint', file, '--extends=recommended', '--format=json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: { stdout: string; stderr: string }) => error);
      const report = JSON.parse(result.stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
      const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(errors).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
