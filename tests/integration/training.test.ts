import { beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_LESSON_IDS, TRAINING_MODULES } from '../../server/training/course/schema';
import { type buildTestApp } from '../helpers/app';
import { checkedTestApp } from '../helpers/openapi';
import { getTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount, createKey } from '../helpers/factories';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const put = (app: App, cookie: string, body: unknown) =>
  app.request('/api/training/progress', { method: 'PUT', headers: browser(cookie, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
const get = (app: App, headers: Record<string, string> = {}) => app.request('/api/training/progress', { headers });

describe('/api/training/progress', () => {
  // Creating and migrating the worker's database is the slow part: done under the hook's timeout, not a test's.
  beforeAll(() => getTestDatabase());

  it('has 8 modules with only the first unlocked, with 6 lessons', () => {
    expect(TRAINING_MODULES).toHaveLength(8);
    expect(TRAINING_MODULES.filter((m) => m.unlocked).map((m) => m.id)).toEqual(['m1']);
    expect(TRAINING_LESSON_IDS).toHaveLength(6);
  });

  it('answers a signed-out visitor without an error, so the page keeps progress in the browser', async () => {
    const { app } = await checkedTestApp();
    const res = await get(app);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedIn: false, completedLessonIds: [] });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('stores completion per lesson, idempotently, and answers it in course order', async () => {
    const { app, deps } = await checkedTestApp();
    const me = await createAccount(deps);
    const [first, second, third] = TRAINING_LESSON_IDS;
    expect((await put(app, me.cookie, { lessonId: third, completed: true })).status).toBe(200);
    expect((await put(app, me.cookie, { lessonId: first, completed: true })).status).toBe(200);
    const again = await put(app, me.cookie, { lessonId: first, completed: true });
    expect(await again.json()).toEqual({ signedIn: true, completedLessonIds: [first, third] });

    const res = await get(app, { cookie: me.cookie });
    expect(await res.json()).toEqual({ signedIn: true, completedLessonIds: [first, third] });

    const undone = await put(app, me.cookie, { lessonId: third, completed: false });
    expect(await undone.json()).toEqual({ signedIn: true, completedLessonIds: [first] });
    // Un-completing a lesson that is not complete changes nothing.
    expect(await (await put(app, me.cookie, { lessonId: second, completed: false })).json()).toEqual({ signedIn: true, completedLessonIds: [first] });
  });

  it('keeps each user’s progress to themselves, also inside one organization', async () => {
    const { app, deps } = await checkedTestApp();
    const owner = await createAccount(deps);
    const colleague = await addMember(deps, owner.organizationId, 'sales_rep');
    const stranger = await createAccount(deps, 'stranger');
    await put(app, owner.cookie, { lessonId: TRAINING_LESSON_IDS[0], completed: true });
    await put(app, stranger.cookie, { lessonId: TRAINING_LESSON_IDS[1], completed: true });

    expect(await (await get(app, { cookie: owner.cookie })).json()).toEqual({ signedIn: true, completedLessonIds: [TRAINING_LESSON_IDS[0]] });
    expect(await (await get(app, { cookie: colleague.cookie })).json()).toEqual({ signedIn: true, completedLessonIds: [] });
    expect(await (await get(app, { cookie: stranger.cookie })).json()).toEqual({ signedIn: true, completedLessonIds: [TRAINING_LESSON_IDS[1]] });
    // A lesson id is not a handle on anyone else's row: un-completing it touches only the caller's.
    await put(app, colleague.cookie, { lessonId: TRAINING_LESSON_IDS[0], completed: false });
    expect(await (await get(app, { cookie: owner.cookie })).json()).toEqual({ signedIn: true, completedLessonIds: [TRAINING_LESSON_IDS[0]] });
  });

  it.each([
    [{ lessonId: 'm2-pipeline', completed: true }, 'lessonId', 'must be a lesson of an unlocked module'],
    [{ lessonId: 42, completed: true }, 'lessonId', 'must be a lesson of an unlocked module'],
    [{ lessonId: TRAINING_LESSON_IDS[0] }, 'completed', 'must be true or false'],
    [{ lessonId: TRAINING_LESSON_IDS[0], completed: 'yes' }, 'completed', 'must be true or false'],
  ])('refuses %o naming the field and the rule', async (body, path, message) => {
    const { app, deps } = await checkedTestApp();
    const me = await createAccount(deps);
    const res = await put(app, me.cookie, body);
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.message).toBe(`${path}: ${message}`);
    expect(answer.issues).toContainEqual({ path, message });
  });

  it('refuses a body that is not JSON', async () => {
    const { app, deps } = await checkedTestApp();
    const me = await createAccount(deps);
    const res = await app.request('/api/training/progress', { method: 'PUT', headers: browser(me.cookie, { 'content-type': 'application/json' }), body: '{' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('body: must be a JSON object');
  });

  it('needs a signed-in user to write, and a same-site request', async () => {
    const { app, deps } = await checkedTestApp();
    const me = await createAccount(deps);
    const anonymous = await app.request('/api/training/progress', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lessonId: TRAINING_LESSON_IDS[0], completed: true }),
    });
    expect(anonymous.status).toBe(401);
    const key = await createKey(deps, me.organizationId, 'admin');
    const viaKey = await app.request('/api/training/progress', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ lessonId: TRAINING_LESSON_IDS[0], completed: true }),
    });
    expect(viaKey.status).toBe(403);
    const crossSite = await app.request('/api/training/progress', {
      method: 'PUT',
      headers: { cookie: me.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ lessonId: TRAINING_LESSON_IDS[0], completed: true }),
    });
    expect(crossSite.status).toBe(403);
    expect(await (await get(app, { cookie: me.cookie })).json()).toEqual({ signedIn: true, completedLessonIds: [] });
  });
});
