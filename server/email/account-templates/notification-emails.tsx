import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';
import type { Language } from '../../languages/schema';
import type { RenderedEmail } from './index';
import { AccountEmailLayout, BRAND, DARK_STYLES } from './layout';

/** The kinds of notification a member may have e-mailed (server/notifications/schema.ts names the same five). */
export type NotificationEmailKind = 'contact_created' | 'deal_won' | 'automation_completed' | 'automation_failed' | 'assigned';

/** One notification as the e-mails show it: its kind, its in-app text and an absolute link into the app. */
export type NotificationEmailItem = { kind: NotificationEmailKind; message: string; link: string; at: Date };

type Common = {
  organizationName: string;
  /** The notification settings, where these e-mails are turned off or gathered into the digest. */
  preferencesLink: string;
  /** Opens the app when an item has no record of its own. */
  appLink: string;
};

export type NotificationEmail = ({ template: 'notification'; item: NotificationEmailItem } | { template: 'notification_digest'; items: NotificationEmailItem[]; timeZone: string }) & Common;

/** The titles of the in-app notifications (app-core §4.2), in each language. */
export const KIND_TITLES: Record<NotificationEmailKind, Record<Language, string>> = {
  contact_created: { en: 'New Contact', fr: 'Nouveau contact', ar: 'جهة اتصال جديدة' },
  deal_won: { en: 'Deal Won!', fr: 'Affaire gagnée !', ar: 'تم الفوز بصفقة!' },
  automation_completed: { en: 'Automation Complete', fr: 'Automatisation terminée', ar: 'اكتملت الأتمتة' },
  automation_failed: { en: 'Automation Failed', fr: 'Échec de l’automatisation', ar: 'فشلت الأتمتة' },
  assigned: { en: 'Assigned to you', fr: 'Assigné à vous', ar: 'مُسند إليك' },
};

const KIND_ORDER: NotificationEmailKind[] = ['assigned', 'automation_failed', 'deal_won', 'contact_created', 'automation_completed'];

const WORDS = {
  en: {
    open: 'Open in Switchboard',
    openApp: 'Open Switchboard',
    manage: 'Choose which notifications you get by e-mail',
    why: (org: string) => `You get this e-mail because of your notification settings in ${org}.`,
    digestSubject: (n: number) => `Your Switchboard digest: ${n} ${n === 1 ? 'notification' : 'notifications'}`,
    digestHeading: (org: string) => `What happened in ${org}`,
    digestIntro: (n: number) => `${n} ${n === 1 ? 'notification' : 'notifications'} since your last digest.`,
    pasteLink: 'If the button does not work, paste this link into your browser:',
  },
  fr: {
    open: 'Ouvrir dans Switchboard',
    openApp: 'Ouvrir Switchboard',
    manage: 'Choisir les notifications reçues par e-mail',
    why: (org: string) => `Vous recevez cet e-mail selon vos réglages de notification dans ${org}.`,
    digestSubject: (n: number) => `Votre résumé Switchboard : ${n} ${n === 1 ? 'notification' : 'notifications'}`,
    digestHeading: (org: string) => `Du nouveau dans ${org}`,
    digestIntro: (n: number) => `${n} ${n === 1 ? 'notification' : 'notifications'} depuis votre dernier résumé.`,
    pasteLink: 'Si le bouton ne fonctionne pas, collez ce lien dans votre navigateur :',
  },
  ar: {
    open: 'افتح في Switchboard',
    openApp: 'افتح Switchboard',
    manage: 'اختر الإشعارات التي تصلك بالبريد الإلكتروني',
    why: (org: string) => `تصلك هذه الرسالة وفق إعدادات الإشعارات لديك في ${org}.`,
    digestSubject: (n: number) => `ملخص Switchboard: ${n} ${n === 1 ? 'إشعار' : 'إشعارات'}`,
    digestHeading: (org: string) => `ما الجديد في ${org}`,
    digestIntro: (n: number) => `${n} ${n === 1 ? 'إشعار' : 'إشعارات'} منذ ملخصك الأخير.`,
    pasteLink: 'إذا لم يعمل الزر، الصق هذا الرابط في متصفحك:',
  },
} satisfies Record<Language, unknown>;

/** The items by kind, in the digest's order, each group oldest first. */
export function groupByKind(items: readonly NotificationEmailItem[]): { kind: NotificationEmailKind; items: NotificationEmailItem[] }[] {
  return KIND_ORDER.map((kind) => ({ kind, items: items.filter((i) => i.kind === kind).sort((a, b) => a.at.getTime() - b.at.getTime()) })).filter((g) => g.items.length > 0);
}

function DigestLayout({ email, language }: { email: Extract<NotificationEmail, { template: 'notification_digest' }>; language: Language }): ReactNode {
  const words = WORDS[language];
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const time = new Intl.DateTimeFormat(language, { timeZone: email.timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Html lang={language} dir={dir}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_STYLES}</style>
      </Head>
      <Preview>{words.digestIntro(email.items.length)}</Preview>
      <Body className="sb-page" style={{ backgroundColor: BRAND.page, margin: 0, padding: '24px 0', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' }}>
        <Container
          className="sb-card"
          style={{ backgroundColor: BRAND.card, border: `1px solid ${BRAND.line}`, borderRadius: 12, padding: 32, maxWidth: 560, textAlign: dir === 'rtl' ? 'right' : 'left' }}
        >
          <Heading as="h1" className="sb-ink" style={{ fontSize: 22, lineHeight: '28px', color: BRAND.ink, margin: '0 0 12px' }}>
            {words.digestHeading(email.organizationName)}
          </Heading>
          <Text className="sb-muted" style={{ fontSize: 15, color: BRAND.muted }}>
            {words.digestIntro(email.items.length)}
          </Text>
          {groupByKind(email.items).map((group) => (
            <Section key={group.kind} style={{ marginTop: 16 }}>
              <Heading as="h2" className="sb-ink" style={{ fontSize: 16, color: BRAND.ink, margin: '0 0 4px' }}>
                {KIND_TITLES[group.kind][language]} ({group.items.length})
              </Heading>
              {group.items.map((item, index) => (
                <Text key={index} className="sb-ink" style={{ fontSize: 14, lineHeight: '22px', color: BRAND.ink, margin: '4px 0' }}>
                  <Link href={item.link} style={{ color: BRAND.indigo }}>
                    {item.message}
                  </Link>
                  <span className="sb-muted" style={{ color: BRAND.muted }}>
                    {' · '}
                    {time.format(item.at)}
                  </span>
                </Text>
              ))}
            </Section>
          ))}
          <Section style={{ margin: '24px 0' }}>
            <Button className="sb-button" href={email.appLink} style={{ backgroundColor: BRAND.indigo, color: '#ffffff', borderRadius: 8, padding: '12px 20px', fontSize: 15, fontWeight: 600 }}>
              {words.openApp}
            </Button>
          </Section>
          <Hr style={{ borderColor: BRAND.line, margin: '24px 0' }} />
          <Text className="sb-muted" style={{ fontSize: 12, lineHeight: '18px', color: BRAND.muted }}>
            {words.why(email.organizationName)}{' '}
            <Link href={email.preferencesLink} style={{ color: BRAND.indigo }}>
              {words.manage}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A notification e-mail's subject, HTML (light and dark, right to left in Arabic) and plain text, in the member's language. */
export async function renderNotificationEmail(email: NotificationEmail, language: Language): Promise<RenderedEmail> {
  const words = WORDS[language];
  let subject: string;
  let element: ReactNode;
  if (email.template === 'notification') {
    const title = KIND_TITLES[email.item.kind][language];
    subject = `${title}: ${email.item.message}`;
    element = (
      <AccountEmailLayout
        language={language}
        preview={email.item.message}
        heading={title}
        paragraphs={[email.item.message]}
        action={{ label: words.open, href: email.item.link }}
        secondary={{ label: words.manage, href: email.preferencesLink }}
        footnote={words.why(email.organizationName)}
        pasteLink={words.pasteLink}
      />
    );
  } else {
    subject = words.digestSubject(email.items.length);
    element = <DigestLayout email={email} language={language} />;
  }
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
