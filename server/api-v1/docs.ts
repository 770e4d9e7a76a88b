import type { JsonSchema } from './procedures';
import type { OpenApiDocument } from './openapi';

const escape = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  const format = schema.format ? ` (${String(schema.format)})` : '';
  return `${[schema.type].flat().join(' | ') || 'object'}${format}`;
}

function constraints(schema: JsonSchema): string {
  const parts: string[] = [];
  for (const [key, label] of [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['maxItems', 'max items'],
    ['default', 'default'],
    ['pattern', 'pattern'],
  ] as const) {
    if (schema[key] !== undefined) parts.push(`${label} ${JSON.stringify(schema[key])}`);
  }
  return parts.join(', ');
}

function fieldsTable(rows: { name: string; schema: JsonSchema; required: boolean }[]): string {
  if (rows.length === 0) return '<p class="muted">None.</p>';
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Rules</th></tr></thead><tbody>${rows
    .map((r) => `<tr><td><code>${escape(r.name)}</code></td><td><code>${escape(typeOf(r.schema))}</code></td><td>${r.required ? 'yes' : ''}</td><td>${escape(constraints(r.schema))}</td></tr>`)
    .join('')}</tbody></table>`;
}

type Operation = {
  tags?: string[];
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Partial<Record<string, { schema: JsonSchema }>> };
  responses: Record<string, { description: string }>;
};

/** The reference page's one inline stylesheet: the Content-Security-Policy allows it by its hash (server/http/security-headers.ts). */
export const API_DOCS_STYLE = `
body{font:15px/1.55 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:2rem 1.25rem;color:#1f2937}
h1{margin:0 0 .25rem}h3{margin:2rem 0 .5rem}code,pre{font:13px ui-monospace,monospace}
pre{background:#f3f4f6;padding:.75rem;border-radius:6px;overflow:auto}table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{text-align:left;border-bottom:1px solid #e5e7eb;padding:.35rem .5rem;vertical-align:top}th{font-weight:600;background:#f9fafb}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px;background:#4f46e5}
.get{background:#059669}.delete{background:#dc2626}.patch{background:#d97706}.muted{color:#6b7280}section{border-top:1px solid #e5e7eb}
@media (prefers-color-scheme:dark){body{background:#0b1020;color:#e5e7eb}pre{background:#111827}th{background:#111827}th,td,section{border-color:#374151}}
`;

/** The anchor of a tag's first operation. */
function firstOperationOf(doc: OpenApiDocument, tag: string): string {
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>)) {
    for (const [method, op] of Object.entries(methods)) if (op.tags?.includes(tag)) return `${method}-${path}`;
  }
  return '';
}

/** A readable reference of /api/v1, rendered from the OpenAPI document (no external assets). */
export function apiReferencePage(doc: OpenApiDocument): string {
  const sections = Object.entries(doc.paths as Record<string, Record<string, Operation>>)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const query = (op.parameters ?? []).filter((p) => p.in === 'query');
        const body = op.requestBody?.content['application/json']?.schema;
        const bodyRows = Object.entries(body?.properties ?? {}).map(([name, schema]) => ({ name, schema, required: (body?.required ?? []).includes(name) }));
        const curlBody = body ? ` \\\n  -H 'content-type: application/json' -d '{…}'` : '';
        return `<section id="${escape(`${method}-${path}`)}">
  <h3><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
  <p>${escape(op.summary)}. ${escape(op.description ?? '')}</p>
  ${query.length ? `<h4>Query parameters</h4>${fieldsTable(query.map((p) => ({ name: p.name, schema: p.schema, required: p.required })))}` : ''}
  ${body ? `<h4>Body</h4>${fieldsTable(bodyRows)}` : ''}
  <h4>Responses</h4><ul>${Object.entries(op.responses)
    .map(([status, r]) => `<li><code>${escape(status)}</code> ${escape(r.description)}</li>`)
    .join('')}</ul>
  <pre><code>curl -X ${escape(method.toUpperCase())} ${escape(doc.servers[0]!.url + path.replace('{id}', '&lt;id&gt;'))} \\
  -H 'authorization: Bearer sb_…'${escape(curlBody)}</code></pre>
</section>`;
      }),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title>
<meta name="description" content="Reference of the Switchboard REST API: contacts, deals, tasks and appointments.">
<style>${API_DOCS_STYLE}</style></head><body>
<h1>${escape(doc.info.title)}</h1><p class="muted">Version ${escape(doc.info.version)} · <a href="/api/openapi.json">OpenAPI 3.1 document</a></p>
<p>${escape(doc.info.description)}</p>
<p>Lists of contacts, deals, tasks and appointments answer <code>{items, total, page, limit, nextCursor}</code>: pass <code>nextCursor</code> back as <code>cursor</code> to walk a list without repeating or skipping a record while others are added or deleted (or <code>page</code>, from 1, to jump). Unknown query parameters and body fields are refused. Errors on <code>/api/v1</code> answer <code>application/problem+json</code> (RFC 9457: <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>errors[]</code> naming each field, and <code>message</code>).</p>
<nav><ul>${doc.tags.map((t) => `<li><a href="#${escape(firstOperationOf(doc, t.name))}">${escape(t.name)}</a> — ${escape(t.description)}</li>`).join('')}</ul></nav>
${sections}
</body></html>`;
}
