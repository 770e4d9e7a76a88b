import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { createAccount, createKey } from '../helpers/factories';
import { openApiChecker, UNDOCUMENTED_API_PATHS } from '../helpers/openapi';

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
export type Acting = Answer<'/api/v1/organization', 'get', 200>;
export type Members = Answer<'/api/v1/members', 'get', 200>;
export type Me = Answer<'/api/auth/user', 'get', 200>;
export function actingLine(acting: Acting): string {
  const zone: string = acting.organization.settings.timezone;
  return acting.organization.name + ' ' + acting.role + ' via ' + acting.via + ' in ' + zone + ' may ' + acting.permissions.filter((p) => p === 'contacts:read').join(',');
}
export function membersLine(list: Members): string {
  return list.members.map((m) => m.email + ' ' + m.role + ' since ' + m.joinedAt.slice(0, 4)).join(',') + ' invites ' + list.invites.map((i) => i.email + ' ' + i.role).join(',');
}
export function meLine(me: Me): string {
  const theme: 'light' | 'dark' | 'system' = me.user.preferences.theme;
  return me.user.email + ' ' + (me.organization?.role ?? 'no organization') + ' ' + theme;
}
export function appointmentLine(created: Created): string {
  return created.title + ' ' + created.startsAt + ' ' + created.timeZone + ' conflicts ' + created.conflicts.length;
}
`;

async function served() {
  const { app, deps } = await buildTestApp();
  const owner = await createAccount(deps);
  const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}`, 'content-type': 'application/json' };
  const document = await (await app.request('/api/openapi.json')).json();
  return { app, auth, document, owner };
}

describe('the OpenAPI document describes every answer', () => {
  it('types a client generated with openapi-typescript that reads real answers', async () => {
    const { app, auth, document, owner } = await served();
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

    const client = (await import(path.join(dir, 'client.ts'))) as Record<
      'contactLine' | 'pageLine' | 'dealLine' | 'taskLine' | 'appointmentLine' | 'actingLine' | 'membersLine' | 'meLine',
      (answer: unknown) => string
    >;
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
    const acting = client.actingLine(await (await app.request('/api/v1/organization', { headers: auth })).json());
    expect(acting).toMatch(/^.+ admin via apiKey in UTC may contacts:read$/);
    expect(client.membersLine(await (await app.request('/api/v1/members', { headers: auth })).json())).toMatch(/^owner-.+@example\.test super_admin since \d{4} invites $/);
    expect(client.meLine(await (await app.request('/api/auth/user', { headers: { cookie: owner.cookie } })).json())).toBe(`${owner.email} super_admin system`);
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

  it('describes /api/v1 refusals as problem details, the spec’s paths as before, and checks answers by media type', async () => {
    const { document } = await served();
    const problem = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
    expect(document.components.schemas.Problem.required).toEqual(['type', 'title', 'status', 'detail', 'errors', 'message']);
    for (const status of ['400', '401', '403', '429', 'default']) expect(document.paths['/api/v1/contacts'].get.responses[status].content, status).toEqual(problem);
    expect(document.paths['/api/v1/deals/{id}'].patch.responses['404'].content).toEqual(problem);
    expect(document.paths['/api/v1/workflows'].get.responses.default.content).toEqual(problem);
    expect(document.paths['/api/auth/signup'].post.responses.default.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });

    const checker = openApiChecker(document);
    const answer = (type: string, body: unknown) => new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': type } });
    const body = {
      type: 'https://switchboard.dev/problems/validation',
      title: 'Invalid input',
      status: 400,
      detail: 'q: too long',
      errors: [{ field: 'q', message: 'too long' }],
      message: 'q: too long',
    };
    await checker.check('GET', '/api/v1/contacts', answer('application/problem+json', body));
    await expect(checker.check('GET', '/api/v1/contacts', answer('application/json', { message: 'q: too long' }))).rejects.toThrow(/answered 400 as application\/json/);
    await expect(checker.check('GET', '/api/v1/contacts', answer('application/problem+json', { ...body, errors: [{ path: 'q' }] }))).rejects.toThrow(/does not match the document/);
    await expect(checker.check('POST', '/api/auth/signup', answer('application/problem+json', body))).rejects.toThrow(/as application\/problem\+json/);
  });

  it('describes every REST door the app answers under /api', async () => {
    const { app, document } = await served();
    const template = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    const answered = app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !UNDOCUMENTED_API_PATHS.includes(r.path)).map((r) => `${r.method} ${template(r.path)}`);
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect([...new Set(answered)].filter((door) => !documented.includes(door))).toEqual([]);
    expect(documented.filter((door) => !answered.includes(door))).toEqual([]);
    const signup = document.paths['/api/auth/signup'].post;
    expect(Object.keys(signup.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['email', 'password', 'name', 'organizationName']));
    expect(signup.responses['201'].content['application/json'].schema.additionalProperties).toBe(false);
    expect(signup.security).toEqual([]);
    expect(document.paths['/api/contacts/export.csv'].get.responses['200'].content).toHaveProperty('text/csv');
    expect(document.paths['/api/v1/members'].get.description).toContain('members:read');
  });
});
