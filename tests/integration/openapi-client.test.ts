import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createAccount, createKey } from '../helpers/factories';
import { checkedTestApp } from '../helpers/openapi';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');

describe('a client generated from the served OpenAPI document', () => {
  it('typechecks and makes a full CRUD round on every resource and metadata door, every answer checked by ajv', async () => {
    const { app, deps } = await checkedTestApp();
    const owner = await createAccount(deps);
    const key = await createKey(deps, owner.organizationId, 'admin');

    // Inside the repository (git-ignored) so that `openapi-fetch` resolves from node_modules, as for an integrator's project.
    mkdirSync(path.join(root, 'tests/.generated'), { recursive: true });
    const dir = mkdtempSync(path.join(root, 'tests/.generated/client-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(await (await app.request('/api/openapi.json')).json())));
    copyFileSync(path.join(import.meta.dirname, 'openapi-client/crud-round.ts'), path.join(dir, 'crud-round.ts'));
    const tsc = spawnSync(
      process.execPath,
      [
        require.resolve('typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--noUncheckedIndexedAccess',
        '--skipLibCheck',
        '--target',
        'es2022',
        '--lib',
        'es2023,dom',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        path.join(dir, 'crud-round.ts'),
      ],
      { encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);

    const { crudRound } = (await import(path.join(dir, 'crud-round.ts'))) as { crudRound: (fetch: (request: Request) => Promise<Response>, key: string) => Promise<string[]> };
    // The client's requests reach the app in-process, through the checker that validates each answer against the document.
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.text();
      return app.request(url.pathname + url.search, { method: request.method, headers: request.headers, ...(body ? { body } : {}) });
    };
    const lines = await crudRound(fetch, key);
    expect(lines).toEqual([
      'contact Ada Lovelace Analyst 1 ada@engine.example',
      'pipeline true open,open,open,open,won,lost',
      'field plan_tier Gold|Silver of 1',
      'tags math:1',
      'deal Analytical engine open 125000 true 1',
      'task done open low 1',
      'appointment Demo (moved) Europe/London 1',
      'notes true next null threads 0',
      '/api/v1/appointments/{id} 204 then 404 https://switchboard.dev/problems/not-found',
      '/api/v1/tasks/{id} 204 then 404 https://switchboard.dev/problems/not-found',
      '/api/v1/deals/{id} 204 then 404 https://switchboard.dev/problems/not-found',
      '/api/v1/contacts/{id} 204 then 404 https://switchboard.dev/problems/not-found',
    ]);
  }, 120_000);
});
