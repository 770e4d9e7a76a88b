import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runImport } from '../../server/contacts/imports';
import { registerContactJobs } from '../../server/contacts/jobs';
import { encodeCursor } from '../../server/db/keyset';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount, createKey } from '../helpers/factories';
import { TEST_FROM, signWebhook } from '../doubles/twilio';
import { TEST_ORIGIN } from '../helpers/app';
import { randomIp } from '../integration/leads-helpers';
import { smsWorld, uniqueNumber } from '../integration/sms-helpers';

/**
 * The hardening issue's hostile inputs, each answered 400 naming the field and the rule (they were
 * 500s from Postgres: invalid byte sequence 0x00, 22P02, 22P05, 22003, 22008, 22009), and a bad CSV
 * cell a row error. The property test beside it (hostile-input.test.ts) sweeps every door.
 */

const NUL = 'a\u0000b';
const SURROGATE = 'a\uD800b';
const NUL_RULE = 'must not contain a NUL character';
const SURROGATE_RULE = 'must not contain an unpaired UTF-16 surrogate';

async function world() {
  const first = await buildTestApp();
  const owner = await createAccount(first.deps, 'hostile');
  // The public doors (leads, chat) serve this organization.
  const built = await buildTestApp({ env: { LEADS_ORGANIZATION_ID: owner.organizationId, TRUST_PROXY: 'true', JOBS_ENABLED: 'false' } });
  const key = await createKey(built.deps, owner.organizationId, 'super_admin');
  const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    built.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers }, body: JSON.stringify(body) });
  const get = (path: string) => built.app.request(path, { headers: { authorization: `Bearer ${key}` } });
  return { ...built, owner, key, api: built.caller(browser(owner.cookie)), json, get };
}

async function expect400(res: Response, field: string, rule: string) {
  const body = (await res.json()) as { message?: string; issues?: { path: string; message: string }[] };
  expect({ status: res.status, message: body.message }).toEqual({ status: 400, message: `${field}: ${rule}` });
}

const visitorId = () => randomBytes(24).toString('base64url');

describe('hostile strings are 400s naming the field', () => {
  // The worker's first test also creates its database.
  beforeAll(() => world(), 120_000);

  it("a lead's name with a NUL, its company with a lone surrogate", async () => {
    const w = await world();
    const lead = (overrides: Record<string, unknown>) => w.json('/api/convertkit/subscribe', { email: `lead-${randomUUID()}@example.com`, formId: 'hero-trial', ...overrides });
    const nul = await lead({ name: NUL });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ success: false, message: `name: ${NUL_RULE}` });
    const surrogate = await lead({ company: SURROGATE });
    expect(surrogate.status).toBe(400);
    expect(await surrogate.json()).toEqual({ success: false, message: `company: ${SURROGATE_RULE}` });
  });

  it("a chat message's text with a NUL or a lone surrogate", async () => {
    const w = await world();
    await expect400(await w.json('/api/chat/messages', { visitorId: visitorId(), text: NUL }), 'text', NUL_RULE);
    await expect400(await w.json('/api/chat/messages', { visitorId: visitorId(), text: SURROGATE }), 'text', SURROGATE_RULE);
  });

  it("a contact's first name, by tRPC and by /api/v1", async () => {
    const w = await world();
    await expect(w.api.contacts.create({ firstName: NUL })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `firstName: ${NUL_RULE}` });
    await expect400(await w.json('/api/v1/contacts', { firstName: SURROGATE }, { authorization: `Bearer ${w.key}` }), 'firstName', SURROGATE_RULE);
    // A key is a field too.
    await expect(w.api.contacts.create({ firstName: 'Ada', customFields: { [NUL]: 1 } })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `customFields: keys ${NUL_RULE}` });
  });

  it('?q=a%00b on the list and on the export', async () => {
    const w = await world();
    await expect400(await w.get('/api/v1/contacts?q=a%00b'), 'q', NUL_RULE);
    await expect400(await w.get('/api/contacts/export.csv?q=a%00b'), 'q', NUL_RULE);
  });

  it('nesting beyond the bound', async () => {
    const w = await world();
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = { a: deep };
    await expect(w.api.contacts.create({ firstName: 'Ada', customFields: deep as Record<string, never> })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/: is nested too deeply$/),
    });
  });
});

describe('signed webhooks', () => {
  it("Twilio's inbound message with a NUL in its body: signed is not storable", async () => {
    const w = await smsWorld();
    const params = { MessageSid: `SM${'b'.repeat(32)}`, From: uniqueNumber(), To: TEST_FROM, Body: NUL };
    const path = '/api/sms/webhooks/inbound';
    const res = await w.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signWebhook(`${TEST_ORIGIN}${path}`, params) },
      body: new URLSearchParams(params).toString(),
    });
    await expect400(res, 'Body', NUL_RULE);
  });
});

describe('a CSV cell with a NUL or a lone surrogate is a row error', () => {
  it('imports the good rows and reports the bad cells', async () => {
    const w = await world();
    registerContactJobs(w.deps);
    await w.deps.jobs.start();
    onTestFinished(() => w.deps.jobs.stop({ timeoutMs: 2000 }));
    const csv = ['Name,Email', 'Ada Lovelace,ada@example.com', `Bad${'\u0000'}Name,nul@example.com`, `Lone${'\uDC00'}Name,lone@example.com`, 'Grace Hopper,grace@example.com'].join('\n');
    const preview = await w.api.imports.preview({ csv });
    expect(preview.totalRows).toBe(4);
    const started = await w.api.imports.start({ csv, mapping: { Name: 'fullName', Email: 'email' } });
    await runImport(w.deps, { importId: started.id, organizationId: w.owner.organizationId });
    const done = await w.api.imports.get({ id: started.id });
    expect(done).toMatchObject({ status: 'completed', created: 2, errors: 2 });
    const rule = 'must not contain a NUL character, an unpaired UTF-16 surrogate or the replacement character U+FFFD';
    expect(done.errorRows).toEqual([
      { row: 3, field: 'fullName', message: rule },
      { row: 4, field: 'fullName', message: rule },
    ]);
    // The row-errors file reads back.
    const errors = await w.get(`/api/contacts/imports/${started.id}/errors.csv`);
    expect(errors.status).toBe(200);
  });
});

describe('crafted paging cursors are 400 "cursor: is not a valid cursor"', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['not base64 JSON', 'leadScore', '%%%'],
    ['a lead score beyond int4 ("9999999999")', 'leadScore', encodeCursor('leadScore', 'desc', ['9999999999', id])],
    ['a far date (+275760-09-13)', 'created', encodeCursor('created', 'desc', ['+275760-09-13 00:00:00+00', id])],
    ['a date that does not exist', 'created', encodeCursor('created', 'desc', ['2026-02-30 10:00:00+00', id])],
    ['a name with a NUL', 'name', encodeCursor('name', 'asc', ['false', NUL, 'b', id])],
  ] as const)('%s', async (_label, sort, cursor) => {
    const w = await world();
    await expect(w.api.contacts.list({ sort, cursor })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'cursor: is not a valid cursor' });
  });

  it('a real cursor still pages (the date format Postgres writes is accepted)', async () => {
    const w = await world();
    for (const firstName of ['A', 'B', 'C']) await w.api.contacts.create({ firstName });
    for (const sort of ['created', 'leadScore', 'name'] as const) {
      const first = await w.api.contacts.list({ sort, limit: 2 });
      expect(first.nextCursor).toBeTruthy();
      const next = await w.api.contacts.list({ sort, limit: 2, cursor: first.nextCursor! });
      expect(next.items).toHaveLength(1);
    }
  });
});

describe('numbers and dates beyond what the columns hold', () => {
  it('a date of year 0 or beyond 9999 is refused with the range', async () => {
    const w = await world();
    const rule = 'must be between 1900-01-01 and 9999-12-31';
    await expect(w.api.tasks.create({ title: 'Far', dueAt: '0000-01-01T00:00:00Z' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `dueAt: ${rule}` });
    await expect(w.api.tasks.create({ title: 'Far', dueAt: '9999-12-31T23:00:00-14:00' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `dueAt: ${rule}` });
    await expect(w.api.contacts.list({ createdFrom: '0000-01-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `createdFrom: ${rule}` });
    await expect(w.api.deals.list({ closeFrom: '0000-01-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `closeFrom: ${rule}` });
    await expect(w.api.appointments.list({ from: '0000-01-01T00:00:00Z', to: '0000-01-02T00:00:00Z' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `from: ${rule}` });
    // A year of six digits is not a date-time the doors read at all.
    await expect(w.api.tasks.create({ title: 'Far', dueAt: '+275760-09-13T00:00:00Z' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'dueAt: must be a date and time such as 2026-05-01T09:00:00Z',
    });
  });

  it('a position beyond int4', async () => {
    const w = await world();
    const [pipeline] = (await w.api.pipelines.list()).items;
    await expect(w.api.pipelines.createStage({ pipelineId: pipeline!.id, name: 'Far', position: 9_999_999_999 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'position: must be at most 2147483647',
    });
  });
});
