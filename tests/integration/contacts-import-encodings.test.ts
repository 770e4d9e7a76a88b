import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runImport } from '../../server/contacts/imports';
import { registerContactJobs } from '../../server/contacts/jobs';
import { IMPORT_LIMITS } from '../../server/contacts/schema';
import { BODY_LIMITS } from '../../server/body-limits';
import { bodyTooLargeMessage } from '../../server/http/body-limit';
import { getTestDatabase } from '../helpers/db';
import { browser } from '../helpers/factories';
import { contactsWorld } from './contacts-helpers';

beforeAll(() => getTestDatabase());

async function importWorld() {
  const world = await contactsWorld({ env: { JOBS_ENABLED: 'false' } });
  registerContactJobs(world.deps);
  await world.deps.jobs.start();
  onTestFinished(() => world.deps.jobs.stop({ timeoutMs: 2000 }));
  return world;
}
type World = Awaited<ReturnType<typeof importWorld>>;

type UploadAnswer = { csv: string; encoding: string; delimiter: string; headers: string[]; rows: string[][]; totalRows: number; suggestedMapping: Record<string, string | null> };

/** The file's bytes to the upload door, as the import wizard sends them. */
async function upload(world: World, bytes: Uint8Array<ArrayBuffer>) {
  const res = await world.app.request('/api/contacts/imports/preview', { method: 'POST', headers: { ...browser(world.owner.cookie), 'content-type': 'application/octet-stream' }, body: bytes });
  return { res, answer: (await res.json()) as UploadAnswer & { message?: string } };
}

/** Uploads, starts the import with the suggested mapping over tRPC and runs it; the contacts it made. */
async function importBytes(world: World, bytes: Uint8Array<ArrayBuffer>, skip: string[] = []) {
  const { res, answer } = await upload(world, bytes);
  expect(res.status, answer.message).toBe(200);
  const mapping = Object.fromEntries(Object.entries(answer.suggestedMapping).filter(([h, t]) => t && !skip.includes(h))) as Record<string, string>;
  const started = await world.api.imports.start({ csv: answer.csv, filename: 'upload.csv', mapping, dedupeBy: 'none', onDuplicate: 'create' });
  expect(await runImport(world.deps, { importId: started.id, organizationId: world.owner.organizationId })).toMatchObject({ status: 'completed' });
  const done = await world.api.imports.get({ id: started.id });
  expect(done.errorRows).toEqual([]);
  const { items } = await world.api.contacts.list({ limit: 100, sort: 'name', direction: 'asc' });
  return { answer, contacts: items };
}

const latin1 = (text: string) => new Uint8Array([...text].map((ch) => ch.charCodeAt(0)));
function utf16le(text: string, bom = true) {
  const bytes = bom ? [0xff, 0xfe] : [];
  for (let i = 0; i < text.length; i++) bytes.push(text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8);
  return new Uint8Array(bytes);
}

describe('CSV import of files in other encodings (POST /api/contacts/imports/preview)', () => {
  it('imports a Windows-1252 file with accents', async () => {
    const world = await importWorld();
    const { answer, contacts } = await importBytes(world, latin1('Prénom,Nom,Email,Entreprise\r\nZoé,Lefèvre,zoe@example.com,Crème Brûlée SA\r\nJosé,Núñez,jose@example.com,Ñandú\r\n'));
    expect(answer.encoding).toBe('windows-1252');
    expect(answer.headers).toEqual(['Prénom', 'Nom', 'Email', 'Entreprise']);
    expect(answer.suggestedMapping).toMatchObject({ Prénom: 'firstName', Nom: 'lastName', Email: 'email' });
    expect(contacts.map((c) => [c.firstName, c.lastName, c.email])).toEqual([
      ['José', 'Núñez', 'jose@example.com'],
      ['Zoé', 'Lefèvre', 'zoe@example.com'],
    ]);
  });

  it("imports a UTF-16LE file with a byte order mark (Excel's Unicode text)", async () => {
    const world = await importWorld();
    const { answer, contacts } = await importBytes(world, utf16le('First Name\tLast Name\tEmail\r\nŁukasz\tWróbel\tlukasz@example.com\r\n'));
    expect(answer).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect(contacts.map((c) => [c.firstName, c.lastName, c.email])).toEqual([['Łukasz', 'Wróbel', 'lukasz@example.com']]);
  });

  it("takes Excel's sep=; line as the delimiter, not as the header", async () => {
    const world = await importWorld();
    const { answer, contacts } = await importBytes(world, new TextEncoder().encode('sep=;\r\nName;Email;Phone\r\nAda Lovelace;ada@example.com;+14155552671\r\n'));
    expect(answer).toMatchObject({ encoding: 'utf-8', delimiter: ';', headers: ['Name', 'Email', 'Phone'], totalRows: 1 });
    expect(contacts.map((c) => [c.firstName, c.lastName, c.phone])).toEqual([['Ada', 'Lovelace', '+14155552671']]);
  });

  it('keeps phones through an export and a re-import', async () => {
    const world = await importWorld();
    await world.api.contacts.create({ firstName: 'Round', lastName: 'Trip', email: 'rt@example.com', phone: '+14155552671' });
    await world.api.contacts.create({ firstName: 'Formula', lastName: '=HYPERLINK("http://evil.example")', phone: '+442071234567' });
    const exported = await world.app.request('/api/contacts/export.csv', { headers: browser(world.owner.cookie) });
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain(',+14155552671,');
    expect(text).toContain(`'=HYPERLINK`);
    // Into a second organization, as a file (its owner is no member there).
    const other = await importWorld();
    const { contacts } = await importBytes(other, bytes, ['Owner']);
    expect(contacts.map((c) => [c.firstName, c.lastName, c.phone, c.email])).toEqual([
      ['Formula', '=HYPERLINK("http://evil.example")', '+442071234567', null],
      ['Round', 'Trip', '+14155552671', 'rt@example.com'],
    ]);
  });

  it('refuses an empty file, a file over 10 MB (413 while reading) and needs data:import', async () => {
    const world = await importWorld();
    const empty = await upload(world, new Uint8Array());
    expect(empty.res.status).toBe(400);
    expect(empty.answer.message).toBe('file: is empty');
    const big = await upload(world, new Uint8Array(IMPORT_LIMITS.maxBytes + 1).fill(0x61));
    expect(big.res.status).toBe(413);
    expect(big.answer.message).toBe(bodyTooLargeMessage(BODY_LIMITS.csvUpload));
    expect(big.answer.message).toBe('The request body is larger than 10 MB, the limit of this path');
    const anonymous = await world.app.request('/api/contacts/imports/preview', { method: 'POST', body: 'a,b\n1,2\n' });
    expect(anonymous.status).toBe(401);
  });
});
