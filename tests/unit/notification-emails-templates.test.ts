import { describe, expect, it } from 'vitest';
import { groupByKind, renderNotificationEmail, type NotificationEmailItem } from '../../server/email/account-templates/notification-emails';
import { LANGUAGES } from '../../server/languages/schema';
import { nextDigestAt } from '../../server/notifications/digest';
import { zonedParts } from '../../server/time/zoned';

const common = { organizationName: 'Acme <Dental>', preferencesLink: 'https://crm.example/settings/profile#notification-emails', appLink: 'https://crm.example/' };
const at = new Date('2026-11-27T09:00:00Z');
const item = (kind: NotificationEmailItem['kind'], message: string, minutes = 0): NotificationEmailItem => ({
  kind,
  message,
  link: `https://crm.example/x/${message.length}`,
  at: new Date(at.getTime() + minutes * 60_000),
});

describe('notification e-mail templates', () => {
  it('one notification: the kind as subject and heading, the in-app sentence, its link and the way to turn these off, in every language', async () => {
    const email = { template: 'notification' as const, item: item('deal_won', 'Navy contract - $12,500'), ...common };
    const subjects = [];
    for (const language of LANGUAGES) {
      const { subject, html, text } = await renderNotificationEmail(email, language);
      subjects.push(subject);
      expect(html).toMatch(new RegExp(`<html[^>]*dir="${language === 'ar' ? 'rtl' : 'ltr'}"`));
      expect(html).toContain('@media (prefers-color-scheme: dark)');
      expect(html).toContain('Acme &lt;Dental&gt;');
      expect(text).toContain('Navy contract - $12,500');
      expect(text).toContain(email.item.link);
      expect(text).toContain(common.preferencesLink);
    }
    expect(subjects).toEqual(['Deal Won!: Navy contract - $12,500', 'Affaire gagnée !: Navy contract - $12,500', 'تم الفوز بصفقة!: Navy contract - $12,500']);
  });

  it('the digest: counted, grouped by kind (assigned first), each group oldest first, with times in the member’s zone', async () => {
    const items = [
      item('contact_created', 'Second has been added', 5),
      item('deal_won', 'Dockside - $2,500', 3),
      item('contact_created', 'First has been added', 1),
      item('assigned', 'The task Call was assigned to you', 9),
    ];
    expect(groupByKind(items).map((g) => [g.kind, g.items.map((i) => i.message)])).toEqual([
      ['assigned', ['The task Call was assigned to you']],
      ['deal_won', ['Dockside - $2,500']],
      ['contact_created', ['First has been added', 'Second has been added']],
    ]);
    const en = await renderNotificationEmail({ template: 'notification_digest', items, timeZone: 'Asia/Tokyo', ...common }, 'en');
    expect(en.subject).toBe('Your Switchboard digest: 4 notifications');
    expect(en.text).toContain('NEW CONTACT (2)');
    expect(en.text).toContain('6:01 PM'); // 09:01 UTC in Tokyo
    expect(en.text.indexOf('ASSIGNED TO YOU')).toBeLessThan(en.text.indexOf('DEAL WON!'));
    const fr = await renderNotificationEmail({ template: 'notification_digest', items: items.slice(0, 1), timeZone: 'Europe/Paris', ...common }, 'fr');
    expect(fr.subject).toBe('Votre résumé Switchboard : 1 notification');
    const ar = await renderNotificationEmail({ template: 'notification_digest', items, timeZone: 'UTC', ...common }, 'ar');
    expect(ar.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(ar.subject).toBe('ملخص Switchboard: 4 إشعارات');
  });
});

describe('the digest’s time', () => {
  it('is the next 08:00 on the member’s wall clock, today or tomorrow, across a daylight-saving change', () => {
    expect(nextDigestAt(new Date('2026-11-27T22:00:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-11-27T23:00:00.000Z'); // 07:00 → 08:00 same day
    expect(nextDigestAt(new Date('2026-11-27T23:00:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-11-28T23:00:00.000Z'); // at 08:00: the next day's
    // New York springs forward on 8 March 2026: 08:00 is EDT (UTC-4) that morning, EST (UTC-5) the day before.
    expect(nextDigestAt(new Date('2026-03-07T14:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(zonedParts(nextDigestAt(new Date('2026-03-07T10:00:00Z'), 'America/New_York'), 'America/New_York').time).toBe('08:00');
    expect(nextDigestAt(new Date('2026-11-27T06:00:00Z'), 'Not/AZone').toISOString()).toBe('2026-11-27T08:00:00.000Z'); // an unknown zone reads as UTC
  });
});
