import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { expect } from 'vitest';
import { buildTestApp } from './app';

/** The operations of an OpenAPI path item (its other keys are parameters, summaries…). */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: object };

const FORMATS: Record<string, RegExp | ((value: string) => boolean)> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'date-time': (value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value)),
  date: /^\d{4}-\d\d-\d\d$/,
  email: /^[^\s@]+@[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S+$/i,
};

/**
 * Checks answers against the served OpenAPI document: each response of a documented operation must
 * match the schema of its status, and every /api path answered must be documented.
 */
export function openApiChecker(document: Document) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  const routes = Object.entries(document.paths).map(([template, operations]) => ({
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    template,
    operations,
  }));
  // OpenAPI's rule: a concrete path matches before a templated one (`/contacts/upsert` before `/contacts/{id}`).
  routes.sort((a, b) => b.template.replace(/\{[^}]+\}/g, '').length - a.template.replace(/\{[^}]+\}/g, '').length);
  const compiled = new Map<string, ValidateFunction>();

  return {
    /** The response's body must match the document (its clone is read; the response stays unread). */
    async check(method: string, url: string, response: Response): Promise<void> {
      const { pathname } = new URL(url, 'http://localhost');
      const route = routes.find((r) => r.pattern.test(pathname));
      // The catch-all's 404 for a path that is no door is no door's answer.
      if (!route && response.status === 404 && !pathname.startsWith('/api/v1/')) return;
      expect(route, `${pathname} is answered but not in the OpenAPI document`).toBeDefined();
      // A method no door takes on a documented path: Allow names exactly the documented ones.
      if (response.status === 405 || (method === 'OPTIONS' && response.status === 204)) {
        const methods = routes.filter((r) => r.pattern.test(pathname)).flatMap((r) => Object.keys(r.operations).filter((m) => HTTP_METHODS.includes(m)));
        const allowed = [...new Set(methods.flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()])))];
        expect(response.headers.get('allow')?.split(', ').sort(), `${method} ${pathname}: Allow`).toEqual(allowed.sort());
        expect(allowed, `${method} ${pathname} answered 405 though the document has it`).not.toContain(method);
        return;
      }
      const operation = route!.operations[method.toLowerCase()];
      expect(operation, `${method} ${route!.template} is answered but not in the OpenAPI document`).toBeDefined();
      // A status the operation does not list is described by its `default` answer, when it has one (OpenAPI's rule).
      const documented = operation!.responses[String(response.status)] ?? operation!.responses.default;
      expect(documented, `${method} ${route!.template} answered ${response.status}, which the document does not list`).toBeDefined();
      // A JSON answer (application/json, or application/problem+json for /api/v1's errors) must be of a media type the document lists for it.
      const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim();
      const isJson = mediaType === 'application/json' || mediaType === 'application/problem+json';
      if (isJson && documented!.content) expect(Object.keys(documented!.content), `${method} ${route!.template} answered ${response.status} as ${mediaType}`).toContain(mediaType);
      const schema = documented!.content?.[isJson ? mediaType! : 'application/json']?.schema;
      if (!schema) return;
      const key = `${method} ${route!.template} ${response.status} ${mediaType}`;
      let validate = compiled.get(key);
      // The document's components ride along so that its #/components/… references resolve.
      if (!validate) compiled.set(key, (validate = ajv.compile({ ...schema, components: document.components })));
      const body: unknown = await response.clone().json();
      expect(validate(body) ? [] : validate.errors, `${key}: the answer does not match the document`).toEqual([]);
    },
  };
}

type RequestingApp = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * What the document leaves out, and why: the document and its reference page themselves, and the
 * browsers' CSP violation reports (sent by browsers, never by integrators).
 */
export const UNDOCUMENTED_API_PATHS = ['/api/openapi.json', '/api/docs', '/api/csp-report'];

/** The app with every /api answer checked against its served OpenAPI document. */
export async function checkedAgainstOpenApi<A extends RequestingApp>(app: A): Promise<A> {
  const checker = openApiChecker((await (await app.request('/api/openapi.json')).json()) as Document);
  const request = async (input: string, init?: RequestInit) => {
    const response = await app.request(input, init);
    const { pathname } = new URL(input, 'http://localhost');
    if (pathname.startsWith('/api/') && !UNDOCUMENTED_API_PATHS.includes(pathname)) await checker.check(init?.method ?? 'GET', input, response);
    return response;
  };
  return new Proxy(app, { get: (target, key, receiver) => (key === 'request' ? request : Reflect.get(target, key, receiver)) });
}

/** buildTestApp whose app checks every /api answer against the served OpenAPI document. */
export async function checkedTestApp(options?: Parameters<typeof buildTestApp>[0]) {
  const built = await buildTestApp(options);
  return { ...built, app: await checkedAgainstOpenApi(built.app) };
}
