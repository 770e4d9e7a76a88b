/**
 * An integrator's program over the client openapi-fetch types from the served document
 * (tests/integration/openapi-client.test.ts generates `./api` beside a copy of this file in the
 * git-ignored tests/.generated/ and typechecks both with tsc before running it; the project's own
 * typecheck leaves this folder out, since `./api` exists only there): a full CRUD round on every resource and the metadata
 * doors. It imports nothing of ours; a field the document names differently fails the typecheck.
 */
import createClient from 'openapi-fetch';
import type { paths } from './api';

type Result<T> = { data?: T; error?: unknown; response: Response };

function must<T>(result: Result<T>, what: string): T {
  if (result.data === undefined) throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

async function gone(result: Promise<Result<unknown>>, what: string): Promise<string> {
  const { response, error } = await result;
  return `${what} ${response.status} ${(error as { type?: string } | undefined)?.type ?? ''}`;
}

export async function crudRound(fetch: (request: Request) => Promise<Response>, key: string): Promise<string[]> {
  const api = createClient<paths>({ baseUrl: 'http://localhost', fetch, headers: { authorization: `Bearer ${key}` } });
  const lines: string[] = [];

  // Contacts
  const contact = must(await api.POST('/api/v1/contacts', { body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engine.example', tags: ['math'] } }), 'create contact');
  const contactId = { params: { path: { id: contact.id } } };
  const readContact = must(await api.GET('/api/v1/contacts/{id}', contactId), 'get contact');
  const changedContact = must(await api.PATCH('/api/v1/contacts/{id}', { ...contactId, body: { jobTitle: 'Analyst' } }), 'update contact');
  const contacts = must(await api.GET('/api/v1/contacts', { params: { query: { q: 'lovelace', limit: 10 } } }), 'list contacts');
  lines.push(`contact ${readContact.name} ${changedContact.jobTitle ?? ''} ${contacts.total} ${contacts.items[0]?.email ?? ''}`);

  // Metadata: pipelines, custom fields, members, tags
  const pipelines = must(await api.GET('/api/v1/pipelines'), 'list pipelines');
  const firstPipeline = pipelines.items[0]!;
  const pipeline = must(await api.GET('/api/v1/pipelines/{id}', { params: { path: { id: firstPipeline.id } } }), 'get pipeline');
  lines.push(`pipeline ${pipeline.isDefault} ${pipeline.stages.map((s) => s.kind).join(',')}`);
  const field = must(await api.POST('/api/v1/custom-fields', { body: { label: 'Plan tier', type: 'select', options: ['Gold'] } }), 'create custom field');
  const changedField = must(await api.PATCH('/api/v1/custom-fields/{id}', { params: { path: { id: field.id } }, body: { options: ['Gold', 'Silver'] } }), 'update custom field');
  const fields = must(await api.GET('/api/v1/custom-fields'), 'list custom fields');
  const readField = must(await api.GET('/api/v1/custom-fields/{id}', { params: { path: { id: field.id } } }), 'get custom field');
  lines.push(`field ${changedField.key} ${readField.options.join('|')} of ${fields.length}`);
  const members = must(await api.GET('/api/v1/members'), 'list members');
  const owner = members.members[0]!;
  const tags = must(await api.GET('/api/v1/tags', { params: { query: { prefix: 'ma' } } }), 'list tags');
  lines.push(`tags ${tags.items.map((t) => `${t.tag}:${t.count}`).join(',')}`);

  // Deals
  const deal = must(await api.POST('/api/v1/deals', { body: { title: 'Engine', value: { valueMinor: 125000, currency: 'GBP' }, contactId: contact.id, ownerId: owner.userId } }), 'create deal');
  const dealId = { params: { path: { id: deal.id } } };
  const changedDeal = must(await api.PATCH('/api/v1/deals/{id}', { ...dealId, body: { title: 'Analytical engine' } }), 'update deal');
  const readDeal = must(await api.GET('/api/v1/deals/{id}', dealId), 'get deal');
  const deals = must(await api.GET('/api/v1/deals', { params: { query: { limit: 5 } } }), 'list deals');
  lines.push(`deal ${changedDeal.title} ${readDeal.stage.kind} ${readDeal.value.valueMinor} ${readDeal.pipeline.id === pipeline.id} ${deals.total}`);

  // Tasks, completed and reopened
  const task = must(await api.POST('/api/v1/tasks', { body: { title: 'Write the notes', priority: 'high', contactId: contact.id } }), 'create task');
  const taskId = { params: { path: { id: task.id } } };
  const done = must(await api.POST('/api/v1/tasks/{id}/complete', taskId), 'complete task');
  const reopened = must(await api.POST('/api/v1/tasks/{id}/reopen', taskId), 'reopen task');
  const changedTask = must(await api.PATCH('/api/v1/tasks/{id}', { ...taskId, body: { priority: 'low' } }), 'update task');
  const tasks = must(await api.GET('/api/v1/tasks', { params: { query: { limit: 5 } } }), 'list tasks');
  lines.push(`task ${done.status} ${reopened.status} ${changedTask.priority} ${tasks.total}`);

  // Appointments
  const appointment = must(
    await api.POST('/api/v1/appointments', { body: { title: 'Demo', startsAt: '2030-12-01T10:00:00Z', endsAt: '2030-12-01T11:00:00Z', timeZone: 'Europe/London', contactId: contact.id } }),
    'create appointment',
  );
  const appointmentId = { params: { path: { id: appointment.id } } };
  const changedAppointment = must(await api.PATCH('/api/v1/appointments/{id}', { ...appointmentId, body: { title: 'Demo (moved)' } }), 'update appointment');
  const readAppointment = must(await api.GET('/api/v1/appointments/{id}', appointmentId), 'get appointment');
  const appointments = must(await api.GET('/api/v1/appointments'), 'list appointments');
  lines.push(`appointment ${changedAppointment.title} ${readAppointment.timeZone} ${appointments.total}`);

  // Notes and the timeline; the inbox
  const note = must(await api.POST('/api/v1/contacts/{id}/notes', { ...contactId, body: { body: 'Wants a demo' } }), 'add note');
  const notes = must(await api.GET('/api/v1/contacts/{id}/timeline', { params: { path: { id: contact.id }, query: { type: 'note' } } }), 'list notes');
  const conversations = must(await api.GET('/api/v1/conversations', { params: { query: { channel: 'sms' } } }), 'list conversations');
  lines.push(`notes ${notes.items.map((n) => n.id === note.id).join(',')} next ${notes.nextBefore} threads ${conversations.items.length}`);

  // Deletes (204), then each record is gone (404 problem details)
  for (const [path, id] of [
    ['/api/v1/appointments/{id}', appointment.id],
    ['/api/v1/tasks/{id}', task.id],
    ['/api/v1/deals/{id}', deal.id],
    ['/api/v1/contacts/{id}', contact.id],
  ] as const) {
    const deleted = await api.DELETE(path, { params: { path: { id } } });
    lines.push(`${path} ${deleted.response.status} ${await gone(api.GET(path, { params: { path: { id } } }), 'then')}`);
  }
  return lines;
}
