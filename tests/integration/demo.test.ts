import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { login } from '../../server/auth/service';
import { DEMO_EMAIL, seedDemoWorkspace } from '../../server/demo/demo';
import { DEMO_MEMBERS } from '../../server/demo/demo-data';
import { DEMO_EMAIL_SETTINGS } from '../../server/demo/demo-emails';
import { readSettings } from '../../server/organizations/settings';
import { startServer } from '../../server/server';
import { testConfig } from '../helpers/app';
import { createTestDatabase, testDatabaseKind } from '../helpers/db';

const META = { ip: '127.0.0.1', userAgent: 'vitest' };

describe('demo workspace', () => {
  // Seeding the whole demo workspace (and below, creating a PGlite cluster) takes tens of seconds on a loaded machine.
  it('creates an organization and owner with a random password that signs in', { timeout: 90_000 }, async () => {
    const database = await createTestDatabase();
    const deps = { database, config: testConfig() };
    const first = await seedDemoWorkspace(database.db);
    expect(first).toMatchObject({ email: DEMO_EMAIL, created: true });
    expect(first.password).toMatch(/^[\w]{4}-[\w]{4}-[\w]{4}-[\w]{4}$/);
    const signed = await login(deps, { email: DEMO_EMAIL, password: first.password }, META);
    expect(signed.payload.organization).toMatchObject({ name: 'Demo Company', role: 'super_admin' });

    // E-mail at work: the sender identity and postal address filled in, e-mails delivered, one bounced (suppressed), a reply.
    expect((await readSettings(database.db, first.organizationId)).email).toEqual(DEMO_EMAIL_SETTINGS);
    // (The campaign's marketing e-mails are demo-campaigns.test.ts's.)
    const emails = await database.db
      .selectFrom('email_messages')
      .select(['direction', 'status', 'thread_id'])
      .where('organization_id', '=', first.organizationId)
      .where('kind', '=', 'one_to_one')
      .execute();
    expect(emails.map((e) => `${e.direction} ${e.status}`).sort()).toEqual(['inbound received', 'outbound bounced', 'outbound delivered', 'outbound delivered', 'outbound delivered']);
    expect(
      await database.db
        .selectFrom('email_suppressions')
        .innerJoin('email_messages', 'email_messages.id', 'email_suppressions.source_message_id')
        .select('email_suppressions.reason')
        .where('email_suppressions.organization_id', '=', first.organizationId)
        .where('email_messages.kind', '=', 'one_to_one')
        .execute(),
    ).toEqual([{ reason: 'hard_bounce' }]);

    // A round-robin booking calendar of two members, with its public page's handle and slots to offer.
    const calendar = await database.db.selectFrom('calendars').select(['id', 'kind', 'slug']).where('organization_id', '=', first.organizationId).executeTakeFirstOrThrow();
    expect(calendar).toMatchObject({ kind: 'round_robin', slug: 'discovery-call' });
    expect(await database.db.selectFrom('calendar_members').select('user_id').where('calendar_id', '=', calendar.id).execute()).toHaveLength(2);
    expect(await database.db.selectFrom('booking_handles').select('slug').where('organization_id', '=', first.organizationId).executeTakeFirst()).toEqual({ slug: 'demo-company' });

    // Run again: same workspace, a new password, and the old one stops working.
    const second = await seedDemoWorkspace(database.db);
    expect(second).toMatchObject({ organizationId: first.organizationId, created: false });
    expect(second.password).not.toBe(first.password);
    await expect(login(deps, { email: DEMO_EMAIL, password: first.password }, META)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await database.close();
  });

  it.skipIf(testDatabaseKind !== 'pglite')('is created on the first start of a fresh embedded database only, and printed', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-demo-'));
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (printed.push(String(chunk)), true));
    try {
      const config = testConfig({ PORT: '0', DATA_DIR: dataDir });
      const first = await startServer(config, { clientDir: false });
      await first.close();
      const banner = printed.join('');
      expect(banner).toContain(`e-mail:   ${DEMO_EMAIL}`);
      const password = /password: (\S+)/.exec(banner)?.[1];
      expect(password).toBeDefined();

      printed.length = 0;
      const second = await startServer(config, { clientDir: false });
      const users = await second.deps.database.db.selectFrom('users').select('email').execute();
      const organizations = await second.deps.database.db.selectFrom('organizations').select('id').execute();
      await second.close();
      expect(printed.join('')).not.toContain('Demo workspace');
      // The owner and the demo members of the one demo organization, created once.
      expect(users.map((u) => u.email).sort()).toEqual([DEMO_EMAIL, ...DEMO_MEMBERS.map((m) => m.email)].sort());
      expect(organizations).toHaveLength(1);
    } finally {
      write.mockRestore();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
