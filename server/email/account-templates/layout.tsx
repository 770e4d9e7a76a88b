import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { Language } from '../../languages/schema';

/** The product's brand (client/components/brand.tsx: indigo-600 tile, indigo-500 in the dark; gray text). */
export const BRAND = { indigo: '#4f46e5', indigoDark: '#6366f1', ink: '#111827', muted: '#4b5563', page: '#f3f4f6', card: '#ffffff', line: '#e5e7eb' };

/*
 * Inline styles are what every client honours; the dark scheme is a media query over class names,
 * for the clients that read <style> (Apple Mail, Outlook.com, Gmail's apps partly). Clients that
 * force their own dark mode read `color-scheme` and leave the light palette readable.
 */
export const DARK_STYLES = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .sb-page { background-color: #030712 !important; }
  .sb-card { background-color: #111827 !important; border-color: #1f2937 !important; }
  .sb-ink { color: #f9fafb !important; }
  .sb-muted { color: #9ca3af !important; }
  .sb-button { background-color: ${BRAND.indigoDark} !important; }
}`;

export type LayoutProps = {
  language: Language;
  preview: string;
  heading: string;
  /** Paragraphs before the button. */
  paragraphs: string[];
  action: { label: string; href: string };
  /** Another link under the button (e.g. "reset your password"). */
  secondary?: { label: string; href: string } | undefined;
  /** The small print: why this e-mail came and what to do if unexpected. */
  footnote: string;
  /** "If the button does not work, paste this link:" */
  pasteLink: string;
};

/** One account e-mail: the brand's header, a heading, a few paragraphs, one button, the small print. */
export function AccountEmailLayout({ language, preview, heading, paragraphs, action, secondary, footnote, pasteLink }: LayoutProps): ReactNode {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  return (
    <Html lang={language} dir={dir}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_STYLES}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="sb-page" style={{ backgroundColor: BRAND.page, margin: 0, padding: '24px 0', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' }}>
        <Container className="sb-card" style={{ backgroundColor: BRAND.card, border: `1px solid ${BRAND.line}`, borderRadius: 12, padding: 32, maxWidth: 520, textAlign: align }}>
          <Section>
            <Text className="sb-ink" style={{ margin: 0, fontSize: 16, fontWeight: 600, color: BRAND.ink }}>
              <span style={{ display: 'inline-block', width: 24, height: 24, lineHeight: '24px', borderRadius: 6, backgroundColor: BRAND.indigo, color: '#ffffff', textAlign: 'center', fontSize: 13 }}>
                S
              </span>
              &nbsp; Switchboard
            </Text>
          </Section>
          <Heading as="h1" className="sb-ink" style={{ fontSize: 22, lineHeight: '28px', color: BRAND.ink, margin: '24px 0 12px' }}>
            {heading}
          </Heading>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} className="sb-ink" style={{ fontSize: 15, lineHeight: '24px', color: BRAND.ink }}>
              {paragraph}
            </Text>
          ))}
          <Section style={{ margin: '24px 0' }}>
            <Button className="sb-button" href={action.href} style={{ backgroundColor: BRAND.indigo, color: '#ffffff', borderRadius: 8, padding: '12px 20px', fontSize: 15, fontWeight: 600 }}>
              {action.label}
            </Button>
          </Section>
          {secondary ? (
            <Text className="sb-muted" style={{ fontSize: 14, color: BRAND.muted }}>
              <a href={secondary.href} style={{ color: BRAND.indigo }}>
                {secondary.label}
              </a>
            </Text>
          ) : null}
          <Text className="sb-muted" style={{ fontSize: 13, lineHeight: '20px', color: BRAND.muted }}>
            {pasteLink}
            <br />
            <span dir="ltr" style={{ wordBreak: 'break-all' }}>
              {action.href}
            </span>
          </Text>
          <Hr style={{ borderColor: BRAND.line, margin: '24px 0' }} />
          <Text className="sb-muted" style={{ fontSize: 12, lineHeight: '18px', color: BRAND.muted }}>
            {footnote}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
