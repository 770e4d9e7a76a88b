import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { createAccount, createKey } from '../helpers/factories';
import { openApiChecker } from '../helpers/openapi';

const require = createRequire(import.meta.url);

/** A small integrator's client over the types openapi-typescript generates from the served document. */
const CLIENT = `
import type { paths } from './api';
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer T } } } } ? T : never;
export type Contact = Answer<'/api/v1/contacts/{id}', 'get', 200>;
export type ContactPage = Answer<'/api/v1/contacts', 'get', 200>;
export type Deal = Answer<'/api/v1/deals', 'post', 201>;
export type Task = Answer<'/api/v1/tasks/{id}', 'get', 200>;
export type Created = Answer<'/api/v1/appointments', 'post', 201>;

export function contactLine(contact: Contact): string {
  const email: string | null = contact.email;
  const owner: string = contact.owner?.name ?? 'nobody';
  return [contact.id, contact.name, email ?? '-', contact.lifecycleStage, contact.tags.join('|'), owner, contact.createdAt].join(' ');
}
export function pageLine(page: ContactPage): string {
  const next: string | null = page.nextCursor;
  return page.items.map((c) => c.email ?? c.name).join(',') + ' of ' + page.total + (next ? ' (more)' : '');
}
export function dealLine(deal: Deal): string {
  const stage: string = deal.stage.name;
  const minor: number = deal.value.valueMinor;
  return deal.id + ' ' + deal.title + ' in ' + stage + ' (' + deal.stage.kind + ') ' + minor + ' ' + deal.value.currency + ' since ' + deal.stageHistory.length + ' move(s)';
}
export function taskLine(task: Task): string {
  const due: string | null = task.dueAt;
  return task.title + ' ' + task.priority + ' ' + task.status + ' ' + (due ?? 'no due date') + ' ' + (task.assignee?.name ?? '');
}
export function appointmentLine(created: Created): string {
  return created.appointment.title + ' ' + created.appointment.startsAt + ' ' + created.appointment.timeZone + ' conflicts ' + created.conflicts.length;
}
`;

async function served() {
  const { app, deps } = await buildTestApp();
  const owner = await createAccount(deps);
  const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}`, 'content-type': 'application/json' };
  const document = await (await app.request('/api/openapi.json')).json();
  return { app, auth, document };
}

describe('the OpenAPI document describes every answer', () => {
  it('types a client generated with openapi-typescript that reads real answers', async () => {
    const { app, auth, document } = await served();
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-openapi-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(document)));
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    const tsc = spawnSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', path.join(dir, 'client.ts')],
      { encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);

    const client = (await import(path.join(dir, 'client.ts'))) as Record<'contactLine' | 'pageLine' | 'dealLine' | 'taskLine' | 'appointmentLine', (answer: unknown) => string>;
    const post = async (resource: string, body: unknown) => (await app.request(`/api/v1/${resource}`, { method: 'POST', headers: auth, body: JSON.stringify(body) })).json();
    const contact = await post('contacts', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engine.example', tags: ['math'] });
    expect(client.contactLine(await (await app.request(`/api/v1/contacts/${contact.id}`, { headers: auth })).json())).toMatch(
      /^[0-9a-f-]{36} Ada Lovelace ada@engine\.example lead math nobody \d{4}-/,
    );
    expect(client.pageLine(await (await app.request('/api/v1/contacts?q=lovelace', { headers: auth })).json())).toBe('ada@engine.example of 1');
    expect(client.dealLine(await post('deals', { title: 'Analytical engine', value: { valueMinor: 125000, currency: 'GBP' }, contactId: contact.id }))).toMatch(
      / Analytical engine in \S.* \(open\) 125000 GBP since 1 move\(s\)$/,
    );
    const task = await post('tasks', { title: 'Write the notes', priority: 'high' });
    expect(client.taskLine(await (await app.request(`/api/v1/tasks/${task.id}`, { headers: auth })).json())).toMatch(/^Write the notes high open no due date/);
    expect(client.appointmentLine(await post('appointments', { title: 'Demo', startsAt: '2026-12-01T10:00:00Z', endsAt: '2026-12-01T11:00:00Z', timeZone: 'Europe/London' }))).toBe(
      'Demo 2026-12-01T10:00:00.000Z Europe/London conflicts 0',
    );
  }, 60_000);

  it('describes the records field by field, and an answer that strays from it fails the check', async () => {
    const { app, auth, document } = await served();
    const contact = document.paths['/api/v1/contacts/{id}'].get.responses['200'].content['application/json'].schema;
    expect(contact.required).toEqual(expect.arrayContaining(['id', 'email', 'phone', 'tags', 'createdAt']));
    expect(contact.additionalProperties).toBe(false);
    const deal = document.paths['/api/v1/deals/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(deal.properties)).toEqual(expect.arrayContaining(['stage', 'value', 'pipeline', 'stageHistory']));

    const checker = openApiChecker(document);
    const created = await app.request('/api/v1/tasks', { method: 'POST', headers: auth, body: JSON.stringify({ title: 'Checked' }) });
    await checker.check('POST', '/api/v1/tasks', created);
    const strayed = new Response(JSON.stringify({ ...(await created.json()), priority: 'whenever' }), { status: 201 });
    await expect(checker.check('POST', '/api/v1/tasks', strayed)).rejects.toThrow(/does not match the document/);
    await expect(checker.check('GET', '/api/v1/unknown', new Response('{}'))).rejects.toThrow(/not in the OpenAPI document/);
  });
});
