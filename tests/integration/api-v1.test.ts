import { describe, expect, it } from 'vitest';
import { V1_RESOURCES } from '../../server/api-v1/resources';
import { queryToInput, UNKNOWN_QUERY_PARAMETER } from '../../server/api-v1/rest';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount, createKey, REVOKED_KEY_PROBLEM } from '../helpers/factories';
import { checkedAgainstOpenApi } from '../helpers/openapi';

/** The app with every /api/v1 answer validated against the served OpenAPI document. */
async function v1App() {
  const { app, deps } = await buildTestApp();
  return { app: await checkedAgainstOpenApi(app), deps };
}

const json = (method: string, body: unknown, headers: Record<string, string>) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('/api/v1 contacts (generated from the contacts procedures)', () => {
  it('creates, reads, lists with q/page/limit, updates and deletes with an API key', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };

    const created = await app.request(
      '/api/v1/contacts',
      json('POST', { firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Navy.example', phone: '+1 202 555 0142', companyName: 'US Navy', tags: ['vip', 'cobol'] }, auth),
    );
    expect(created.status).toBe(201);
    const contact = await created.json();
    expect(created.headers.get('location')).toBe(`/api/v1/contacts/${contact.id}`);
    expect(contact).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example', phone: '+12025550142', companyName: 'US Navy' });
    expect([...contact.tags].sort()).toEqual(['cobol', 'vip']);

    const got = await app.request(`/api/v1/contacts/${contact.id}`, { headers: auth });
    expect(got.status).toBe(200);
    expect((await got.json()).id).toBe(contact.id);

    await app.request('/api/v1/contacts', json('POST', { firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.example' }, auth));
    const list = await app.request('/api/v1/contacts?q=hopper&page=1&limit=10', { headers: auth });
    expect(list.status).toBe(200);
    const page = await list.json();
    expect(page).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(page.items.map((c: { id: string }) => c.id)).toEqual([contact.id]);
    const byTag = await (await app.request('/api/v1/contacts?tag=vip', { headers: auth })).json();
    expect(byTag.items).toHaveLength(1);

    const patched = await app.request(`/api/v1/contacts/${contact.id}`, json('PATCH', { jobTitle: 'Rear Admiral' }, auth));
    expect(patched.status).toBe(200);
    expect((await patched.json()).jobTitle).toBe('Rear Admiral');

    expect((await app.request(`/api/v1/contacts/${contact.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect((await app.request(`/api/v1/contacts/${contact.id}`, { headers: auth })).status).toBe(404);
  });

  it('answers errors with the status and body of every door', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const viewer = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'viewer')}` };
    const admin = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };

    const invalid = await app.request('/api/v1/contacts', json('POST', { firstName: 'X', email: 'not-an-email' }, admin));
    expect(invalid.status).toBe(400);
    const body = await invalid.json();
    expect(body.message).toMatch(/^email: /);
    expect(body.issues[0].path).toBe('email');

    expect((await app.request('/api/v1/contacts?limit=abc', { headers: admin })).status).toBe(400);
    const forbidden = await app.request('/api/v1/contacts', json('POST', { firstName: 'X' }, viewer));
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toBe('Your role does not allow this action (contacts:write is required)');
    expect((await app.request('/api/v1/contacts')).status).toBe(401);
    expect((await app.request('/api/v1/contacts', { headers: { authorization: 'Bearer sb_nope' } })).status).toBe(401);
    expect((await app.request('/api/v1/contacts/00000000-0000-4000-8000-000000000000', { headers: admin })).status).toBe(404);
    const malformed = await app.request('/api/v1/contacts', { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
  });

  it('works with a session cookie too (CSRF-checked like every cookie write)', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const ok = await app.request('/api/v1/contacts', json('POST', { firstName: 'Ada' }, browser(owner.cookie)));
    expect(ok.status).toBe(201);
    const crossSite = await app.request('/api/v1/contacts', json('POST', { firstName: 'Eve' }, { cookie: owner.cookie, origin: 'https://evil.example' }));
    expect(crossSite.status).toBe(403);
  });
});

describe('/api/v1 deals, tasks and appointments', () => {
  it('lists each resource as {items, total, page, limit, nextCursor}', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
    for (const resource of V1_RESOURCES) {
      const res = await app.request(`/api/v1/${resource.name}?page=1&limit=5`, { headers: auth });
      expect(res.status, resource.name).toBe(200);
      expect(await res.json(), resource.name).toMatchObject({ items: [], total: 0, page: 1, limit: 5, nextCursor: null });
    }
  });

  it('creates and reads a task through the same procedures', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
    const created = await app.request('/api/v1/tasks', json('POST', { title: 'Call back Grace', priority: 'high' }, auth));
    expect(created.status).toBe(201);
    const task = await created.json();
    expect(task).toMatchObject({ title: 'Call back Grace', priority: 'high', status: 'open' });
    const list = await (await app.request('/api/v1/tasks?q=grace', { headers: auth })).json();
    expect(list.items.map((t: { id: string }) => t.id)).toEqual([task.id]);
  });
});

describe('OpenAPI document and reference page', () => {
  it('describes every resource and operation from the input schemas', async () => {
    const { app } = await buildTestApp();
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const resource of V1_RESOURCES) {
      expect(Object.keys(doc.paths[`/api/v1/${resource.name}`]).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[`/api/v1/${resource.name}/{id}`]).sort()).toEqual(['delete', 'get', 'patch']);
    }
    const create = doc.paths['/api/v1/contacts'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(create.properties)).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'phone', 'companyName', 'tags']));
    const params = doc.paths['/api/v1/contacts'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['q', 'page', 'limit']));
    expect(doc.paths['/api/v1/contacts/{id}'].patch.requestBody.content['application/json'].schema.properties.id).toBeUndefined();
  });

  it('renders a readable reference at /api/docs', async () => {
    const { app } = await buildTestApp();
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<h1>Switchboard API</h1>');
    expect(html).toContain('/api/v1/contacts/{id}');
    expect(html).toContain('contacts:write');
  });
});

describe('queryToInput', () => {
  it('reads query text as the list schema declares', () => {
    const schema = { type: 'object', properties: { page: { type: 'integer' }, tag: { type: 'array', items: { type: 'string' } }, dnc: { type: 'boolean' }, q: { type: 'string' } } };
    expect(queryToInput({ page: ['2'], tag: ['a,b', 'c'], dnc: ['true'], q: ['x'], other: ['y'] }, schema)).toEqual({ page: 2, tag: ['a', 'b', 'c'], dnc: true, q: 'x', other: 'y' });
  });
});

describe('/api/v1 methods', () => {
  it('answers 405 with Allow for a method no door takes on a documented path, and 404 for no path', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
    const wrong = async (method: string, path: string) => {
      const response = await app.request(path, { method, headers: auth });
      return { status: response.status, allow: response.headers.get('allow'), body: response.status === 204 ? null : await response.json() };
    };
    const notAllowed = 'PUT is not allowed on /api/v1/contacts: use GET, HEAD, POST';
    expect(await wrong('PUT', '/api/v1/contacts')).toEqual({
      status: 405,
      allow: 'GET, HEAD, POST',
      body: { type: 'https://switchboard.dev/problems/method-not-allowed', title: 'Method not allowed', status: 405, detail: notAllowed, errors: [], message: notAllowed },
    });
    expect(await wrong('POST', '/api/v1/deals/00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 405, allow: 'GET, HEAD, DELETE, PATCH' });
    expect(await wrong('DELETE', '/api/v1/workflows')).toMatchObject({ status: 405, allow: 'GET, HEAD, POST' });
    // A query string changes nothing: the method is wrong before any parameter is (the query rule is per method).
    expect(await wrong('DELETE', '/api/v1/workflows?bogus=1')).toMatchObject({ status: 405, allow: 'GET, HEAD, POST' });
    expect(await wrong('OPTIONS', '/api/v1/tasks')).toEqual({ status: 204, allow: 'GET, HEAD, POST', body: null });
    expect(await wrong('GET', '/api/nothing-here')).toEqual({ status: 404, allow: null, body: { message: 'No API route GET /api/nothing-here' } });
  });
});

/** An answer's media type and body. */
const answered = async (response: Response) => ({ status: response.status, type: response.headers.get('content-type'), body: await response.json() });

describe('/api/v1 errors are problem details (RFC 9457)', () => {
  it('answers every refusal as application/problem+json with type, title, status, detail and errors, keeping message and issues', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const viewer = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'viewer')}` };
    const admin = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
    const problem = 'application/problem+json';

    const invalid = await answered(await app.request('/api/v1/contacts', json('POST', { firstName: 'X', email: 'not-an-email', colour: 'red' }, admin)));
    expect(invalid.status).toBe(400);
    expect(invalid.type).toBe(problem);
    expect(invalid.body).toMatchObject({ type: 'https://switchboard.dev/problems/validation', title: 'Invalid input', status: 400 });
    expect(invalid.body.detail).toBe(invalid.body.message);
    expect(invalid.body.errors).toEqual(invalid.body.issues.map((i: { path: string; message: string }) => ({ field: i.path, message: i.message })));
    expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['colour', 'email']);

    const forbiddenText = 'Your role does not allow this action (contacts:write is required)';
    expect(await answered(await app.request('/api/v1/contacts', json('POST', { firstName: 'X' }, viewer)))).toEqual({
      status: 403,
      type: problem,
      body: { type: 'https://switchboard.dev/problems/forbidden', title: 'Forbidden', status: 403, detail: forbiddenText, errors: [], message: forbiddenText },
    });
    const unauthenticated = await answered(await app.request('/api/v1/contacts', { headers: { authorization: 'Bearer sb_nope' } }));
    expect(unauthenticated).toEqual({
      status: 401,
      type: problem,
      body: REVOKED_KEY_PROBLEM,
    });
    const missing = await answered(await app.request('/api/v1/deals/00000000-0000-4000-8000-000000000000', { headers: admin }));
    expect(missing).toMatchObject({ status: 404, type: problem, body: { type: 'https://switchboard.dev/problems/not-found', title: 'Not found', status: 404 } });
    expect(missing.body.detail).toBe(missing.body.message);
    const malformed = await answered(await app.request('/api/v1/tasks', { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: '{' }));
    expect(malformed).toEqual({
      status: 400,
      type: problem,
      body: {
        type: 'https://switchboard.dev/problems/validation',
        title: 'Invalid input',
        status: 400,
        detail: 'body: must be a JSON object',
        errors: [{ field: 'body', message: 'must be a JSON object' }],
        message: 'body: must be a JSON object',
        issues: [{ path: 'body', message: 'must be a JSON object' }],
      },
    });
    // A domain door's refusal and the idempotency layer's are the same shape.
    const workflow = await answered(await app.request('/api/v1/workflows/00000000-0000-4000-8000-000000000000/definition', { headers: admin }));
    expect(workflow).toMatchObject({ status: 404, type: problem, body: { type: 'https://switchboard.dev/problems/not-found', status: 404, errors: [] } });
    const badKey = await answered(await app.request('/api/v1/contacts', json('POST', { firstName: 'Ada' }, { ...admin, 'idempotency-key': 'two words' })));
    expect(badKey).toMatchObject({ status: 400, type: problem, body: { type: 'https://switchboard.dev/problems/validation', errors: [{ field: 'Idempotency-Key' }] } });
    // CSRF, ahead of every route, too.
    const crossSite = await answered(await app.request('/api/v1/contacts', json('POST', { firstName: 'Eve' }, { cookie: owner.cookie, origin: 'https://evil.example' })));
    expect(crossSite).toMatchObject({ status: 403, type: problem, body: { type: 'https://switchboard.dev/problems/forbidden', detail: 'Cross-site request refused' } });
  });

  it('leaves the spec’s own /api paths as they were', async () => {
    const { app } = await v1App();
    expect(await answered(await app.request('/api/nothing-here'))).toEqual({ status: 404, type: 'application/json', body: { message: 'No API route GET /api/nothing-here' } });
    expect(await answered(await app.request('/api/auth/user'))).toEqual({ status: 401, type: 'application/json', body: { message: 'Not authenticated' } });
  });
});

describe('/api/v1 refuses unknown query parameters', () => {
  it('on every resource, listing and getting, naming each parameter; known ones still pass', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
    for (const resource of V1_RESOURCES) {
      const list = await answered(await app.request(`/api/v1/${resource.name}?limit=5&sort_by=name&colour=red`, { headers: auth }));
      expect(list.status, resource.name).toBe(400);
      expect(list.type, resource.name).toBe('application/problem+json');
      expect(list.body.errors, resource.name).toEqual([
        { field: 'sort_by', message: UNKNOWN_QUERY_PARAMETER },
        { field: 'colour', message: UNKNOWN_QUERY_PARAMETER },
      ]);
      expect(list.body.message, resource.name).toBe(`sort_by, colour: ${UNKNOWN_QUERY_PARAMETER}`);
      const one = await answered(await app.request(`/api/v1/${resource.name}/00000000-0000-4000-8000-000000000000?expand=owner`, { headers: auth }));
      expect(one, resource.name).toMatchObject({ status: 400, body: { errors: [{ field: 'expand', message: UNKNOWN_QUERY_PARAMETER }] } });
      expect((await app.request(`/api/v1/${resource.name}?limit=5`, { headers: auth })).status, resource.name).toBe(200);
    }
  });

  it('on the domains’ doors, from the query schema each door declares', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
    const refused = async (path: string, field: string) => {
      const answer = await answered(await app.request(path, { headers: auth }));
      expect(answer, path).toMatchObject({
        status: 400,
        type: 'application/problem+json',
        body: { type: 'https://switchboard.dev/problems/validation', errors: [{ field, message: UNKNOWN_QUERY_PARAMETER }] },
      });
    };
    await refused('/api/v1/workflows?status=active', 'status');
    await refused('/api/v1/campaigns?channel=email&owner=me', 'owner');
    await refused('/api/v1/calendars?team=1', 'team');
    await refused('/api/v1/webhook-endpoints?enabled=true', 'enabled');
    // The runs door's schema used to drop an unknown key silently.
    await refused('/api/v1/workflows/00000000-0000-4000-8000-000000000000/runs?status=completed&page=2', 'page');
    expect((await app.request('/api/v1/campaigns?channel=email', { headers: auth })).status).toBe(200);
    expect((await app.request('/api/v1/workflows', { headers: auth })).status).toBe(200);
  });
});

describe('/api/v1 refuses unknown body fields', () => {
  it('on every resource, creating and updating, naming each field; nothing is written', async () => {
    const { app, deps } = await v1App();
    const owner = await createAccount(deps);
    const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
    const valid: Record<string, Record<string, unknown>> = {
      contacts: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
      deals: { title: 'Engines' },
      tasks: { title: 'Call Ada' },
      appointments: { title: 'Demo', startsAt: '2027-03-01T09:00:00Z', endsAt: '2027-03-01T09:30:00Z' },
    };
    for (const resource of V1_RESOURCES) {
      const body = valid[resource.name];
      expect(body, `a valid body for ${resource.name}`).toBeDefined();
      const refused = await answered(await app.request(`/api/v1/${resource.name}`, json('POST', { ...body, colour: 'red', notes2: 'x' }, auth)));
      expect(refused, resource.name).toMatchObject({
        status: 400,
        type: 'application/problem+json',
        body: {
          errors: [
            { field: 'colour', message: 'is not a known field' },
            { field: 'notes2', message: 'is not a known field' },
          ],
        },
      });
      const listed = await (await app.request(`/api/v1/${resource.name}`, { headers: auth })).json();
      expect(listed.items ?? listed.data, `${resource.name}: nothing written`).toHaveLength(0);

      const created = await app.request(`/api/v1/${resource.name}`, json('POST', body, auth));
      expect(created.status, resource.name).toBe(201);
      const { id } = await created.json();
      const update = await answered(await app.request(`/api/v1/${resource.name}/${id}`, json('PATCH', { colour: 'red' }, auth)));
      expect(update, resource.name).toMatchObject({ status: 400, body: { errors: [{ field: 'colour', message: 'is not a known field' }] } });
    }
  });
});
