import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/password';
import type { Db } from '../db';
import type { RequestMeta } from '../http/meta';
import { createOrganization } from '../organizations/create';
import { seedDemoData } from './demo-data';
import { seedDemoNotificationEmails } from '../notifications/email-preferences';
import { seedDemoAutomations } from './demo-automations';
import { seedDemoCalendar } from './demo-calendars';
import { seedDemoCampaigns } from './demo-campaigns';
import { seedDemoEmails } from './demo-emails';
import { seedDemoWebhooks } from './demo-webhooks';
import { seedDemoSite } from './demo-sites';
import { seedDemoFunnel } from './demo-funnels';

export const DEMO_EMAIL = 'demo@switchboard.local';
export const DEMO_ORGANIZATION = 'Demo Company';
export const DEMO_BUSINESS_PHONE = '+1 415 555 0134';
const DEMO_META: RequestMeta = { ip: 'local', userAgent: 'demo workspace seed' };

/** A readable random password: 4 groups of 4 from an unambiguous alphabet (~82 bits). */
export function randomPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/**
 * Creates the demo organization and its owner with a fresh random password (never a fixed one).
 * Run again, it keeps the workspace and sets a new password, so the printed login always works.
 * `publicUrl` (PUBLIC_URL) makes the demo e-mails' unsubscribe links.
 */
export async function seedDemoWorkspace(db: Db, publicUrl = 'http://localhost:3000'): Promise<{ email: string; password: string; organizationId: string; created: boolean }> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
    if (existing) {
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', existing.id).execute();
      const membership = await trx.selectFrom('memberships').select('organization_id').where('user_id', '=', existing.id).orderBy('created_at').executeTakeFirst();
      if (membership) return { email: DEMO_EMAIL, password, organizationId: membership.organization_id, created: false };
    }
    const userId =
      existing?.id ??
      (
        await trx
          .insertInto('users')
          .values({ email: DEMO_EMAIL, name: 'Demo Owner', password_hash: passwordHash, preferences: '{}', email_verified_at: new Date() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const org = await createOrganization(trx, {
      name: DEMO_ORGANIZATION,
      origin: 'demo',
      // A fictional number (555-01xx), the public business phone its website's footer shows.
      settings: { phone: DEMO_BUSINESS_PHONE },
      ownerUserId: userId,
      actor: { userId, apiKeyId: null, label: `Demo Owner <${DEMO_EMAIL}>` },
      meta: DEMO_META,
    });
    // Believable CRM data to explore: contacts, deals with history, tasks, appointments, spend.
    await seedDemoData(trx, org.id, { ownerId: userId });
    // Its sender identity and a few e-mails (delivered, bounced, a reply) for the outbox and the timelines.
    await seedDemoEmails(trx, org.id, { senderId: userId, publicUrl });
    // Notification e-mails that make no storm: what is handed to the owner, and a morning digest of won deals.
    await seedDemoNotificationEmails(trx, org.id, userId);
    // Two published workflows with the runs they made (new-lead follow-up, appointment reminder).
    await seedDemoAutomations(trx, org.id, { ownerId: userId });
    // A round-robin booking calendar of its two sales reps, with its public booking page.
    await seedDemoCalendar(trx, org.id);
    // Last week's newsletter with its report (A/B subject test, opens, clicks, bounces, an unsubscribe) and an SMS draft.
    await seedDemoCampaigns(trx, org.id, { ownerId: userId, publicUrl });
    // A paused outbound webhook endpoint with its delivery log (delivered, retried then delivered, refused).
    await seedDemoWebhooks(trx, org.id, { ownerId: userId });
    // Its published website: a landing page with a lead form (tagged leads) and its thank-you page.
    await seedDemoSite(trx, org.id, { ownerId: userId, publicUrl });
    // A two-step funnel on the demo site (its landing and thank-you pages) with 30 days of counted visits.
    await seedDemoFunnel(trx, org.id);
    return { email: DEMO_EMAIL, password, organizationId: org.id, created: true };
  });
}

export function demoLoginBanner(login: { email: string; password: string }, url: string): string {
  const lines = ['Demo workspace ready. Sign in at ' + `${url}/login`, `  e-mail:   ${login.email}`, `  password: ${login.password}`];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = '─'.repeat(width);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width - 1)}│`), `└${bar}┘`, ''].join('\n');
}
