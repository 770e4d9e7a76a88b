import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishEvents } from '../../server/events/publish';
import type { RealtimeFrame } from '../../server/events/types';
import { startServer, type RunningServer } from '../../server/server';
import { buildTestApp, testConfig } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount, type Account } from '../helpers/factories';

/** An SSE body read as text, as far as each `until` needs. */
function sseText(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(done: (text: string) => boolean): Promise<string> {
      while (!done(text)) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
    close: () => reader.cancel(),
  };
}

async function readUntil(body: ReadableStream<Uint8Array>, done: (text: string) => boolean): Promise<string> {
  const stream = sseText(body);
  const text = await stream.until(done);
  await stream.close();
  return text;
}

/** The data events of an SSE text as [id, event]. */
const dataEvents = (text: string) => [...text.matchAll(/^data: (\{.*\})\nid: (\d+)$/gm)].map(([, json, id]) => [Number(id), JSON.parse(json!) as RealtimeFrame] as const);

describe('the realtime.events stream route', () => {
  let server: RunningServer;
  let owner: Account;
  let api: ReturnType<Awaited<ReturnType<typeof buildTestApp>>['caller']>;

  beforeAll(async () => {
    server = await startServer(testConfig({ PORT: '0' }), { database: await getTestDatabase(), clientDir: false });
    owner = await createAccount(server.deps, 'sse');
    api = (await buildTestApp({ database: server.deps.database })).caller(browser(owner.cookie));
  });
  afterAll(() => server.close());

  const open = (account: Account, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${server.url}/trpc/realtime.events?input=${encodeURIComponent(JSON.stringify({}))}`, { headers: { cookie: account.cookie, ...headers }, signal });

  it('speaks tRPC’s SSE format: the same connected event as tRPC’s own subscriptions, then id-tracked events', async () => {
    const trpcOwn = await fetch(`${server.url}/trpc/health.watch?input=${encodeURIComponent(JSON.stringify({ intervalMs: 1000 }))}`);
    const trpcConnected = (await readUntil(trpcOwn.body!, (t) => t.includes('\n\n'))).split('\n\n')[0];

    const res = await open(owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const stream = sseText(res.body!);
    // Subscribed by the time the connected event is out.
    await stream.until((t) => t.includes('event: connected'));
    const created = await api.contacts.create({ firstName: 'Stream', lastName: 'Person' });
    const body = await stream.until((t) => t.includes('"name":"Stream Person"'));
    await stream.close();
    expect(body.split('\n\n')[0]).toBe(trpcConnected);
    const events = dataEvents(body);
    const [id, event] = events.find(([, e]) => e.type === 'contact_created')!;
    expect(event).toMatchObject({ id, type: 'contact_created', organizationId: owner.organizationId, payload: { contactId: created.id } });
    // As its frame: what it makes stale in a browser and whether it notifies, from the contacts domain's rule.
    expect(event).toMatchObject({ notifies: true, notifiesActor: false, invalidates: expect.arrayContaining(['contacts.list', 'analytics']) });
  });

  it('replays after Last-Event-ID, in order, before going live', async () => {
    await api.contacts.create({ firstName: 'Before' });
    const mark = await server.deps.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('organization_id', '=', owner.organizationId)
      .executeTakeFirstOrThrow();
    await api.contacts.create({ firstName: 'Missed', lastName: 'One' });
    await api.contacts.create({ firstName: 'Missed', lastName: 'Two' });
    const res = await open(owner, { 'last-event-id': String(mark.id) });
    const events = dataEvents(await readUntil(res.body!, (t) => t.includes('Missed Two')));
    // The earlier test's stream leaving presence may land among them (user_left): only the contacts are this test's.
    expect(events.filter(([, e]) => e.type === 'contact_created').map(([, e]) => e.payload.name)).toEqual(['Missed One', 'Missed Two']);
    expect(events.every(([id]) => id > Number(mark.id))).toBe(true);
  });

  it('replays more than one page of missed events: every one, once, in order', async () => {
    const mark = await server.deps.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const ids = await server.deps.database.db.transaction().execute((trx) =>
      publishEvents(
        trx,
        Array.from({ length: 2500 }, (_, i) => ({ organizationId: owner.organizationId, type: 'contact_updated' as const, payload: { name: `Page ${i}` }, actorUserId: null })),
      ),
    );
    const res = await open(owner, { 'last-event-id': String(mark.id) });
    const events = dataEvents(await readUntil(res.body!, (t) => t.includes('"name":"Page 2499"')));
    expect(events.filter(([, e]) => e.type === 'contact_updated').map(([id]) => id)).toEqual(ids);
  });

  it('sends the events of one commit together to each member, less the ones that member may not see', async () => {
    const rep = await addMember(server.deps, owner.organizationId, 'sales_rep', 'sse-rep');
    const [ownerRes, repRes] = [await open(owner), await open(rep)];
    const [ownerStream, repStream] = [sseText(ownerRes.body!), sseText(repRes.body!)];
    await Promise.all([ownerStream, repStream].map((s) => s.until((t) => t.includes('event: connected'))));
    await server.deps.database.db.transaction().execute((trx) =>
      publishEvents(trx, [
        { organizationId: owner.organizationId, type: 'import_finished', payload: { importId: 'batch' }, actorUserId: null },
        { organizationId: owner.organizationId, type: 'contact_created', payload: { name: 'Batch Mate' }, actorUserId: null },
      ]),
    );
    const ownerText = await ownerStream.until((t) => t.includes('Batch Mate'));
    const repText = await repStream.until((t) => t.includes('Batch Mate'));
    await Promise.all([ownerStream.close(), repStream.close()]);
    const types = (text: string) =>
      dataEvents(text)
        .filter(([, e]) => e.type === 'import_finished' || e.payload.name === 'Batch Mate')
        .map(([, e]) => e.type);
    expect(types(ownerText)).toEqual(['import_finished', 'contact_created']);
    expect(types(repText)).toEqual(['contact_created']);
  });

  it('lets go of a closed stream: its bus subscription ends and its member leaves presence', async () => {
    // The earlier tests' streams are all closed by now.
    await expect.poll(() => server.deps.events.subscriberCount()).toBe(0);
    const res = await open(owner);
    const stream = sseText(res.body!);
    await stream.until((t) => t.includes('event: connected'));
    expect(server.deps.events.subscriberCount()).toBe(1);
    // Presence is joined as the stream opens (a database write), not before its connected event.
    await expect.poll(() => server.deps.presence.online(owner.organizationId)).toContain(owner.userId);
    await stream.close();
    await expect.poll(() => server.deps.events.subscriberCount()).toBe(0);
    await expect.poll(() => server.deps.presence.online(owner.organizationId)).not.toContain(owner.userId);
  });

  it('leaves callers it does not serve to tRPC, which answers with its error event', async () => {
    const { app } = await buildTestApp({ database: server.deps.database });
    const res = await app.request('/trpc/realtime.events?input=%7B%7D');
    const text = await readUntil(res.body!, (t) => /serialized-error\ndata: .*\n/.test(t));
    expect(text).toMatch(/event: serialized-error\ndata: .*"code":"UNAUTHORIZED"/);
  });
});
