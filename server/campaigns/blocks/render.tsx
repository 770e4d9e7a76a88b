import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { CSSProperties, ReactNode } from 'react';
import { BRAND, DARK_STYLES } from '../../email/account-templates/layout';
import { DomainError, issuesFromZod } from '../../errors';
import { renderTemplate, templateVariables } from '../../templates/variables';
import { withContactNames } from './merge';
import { ZEmailBlocks, type TColumnBlock, type TEmailBlock, type TEmailBlocks, type TFooterBlock, type TSocialBlock } from './format';

/**
 * Blocks → e-mail-safe HTML (react-email: tables and inline styles every client honours, the dark
 * scheme as a media query for those that read it; docs/decisions/029) and the plain-text part, with
 * one recipient's merge values filled in.
 */

export type EmailMerge = {
  /** The recipient's values by merge field name (mergeValuesOf). */
  values: Record<string, string>;
  /** This recipient's unsubscribe link, which the footer block carries. */
  unsubscribeUrl: string;
  /** The inbox preview line; the first text block's when absent. */
  preview?: string;
};

const NETWORK_LABELS: Record<TSocialBlock['links'][number]['network'], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  website: 'Website',
};
const HEADING_SIZES = { 1: 26, 2: 21, 3: 17 } as const;

type Merged = { text: (value: string) => string; href: (value: string) => string };

function mergerOf(values: Record<string, string>): Merged {
  return {
    text: (value) => renderTemplate(value, values).text,
    // A value inside a link is URL-encoded; a link that is wholly one merge field is taken as written.
    href: (value) => renderTemplate(value, values, /^\{\{[^}]*\}\}$/.test(value.trim()) ? (v) => v : encodeURIComponent).text,
  };
}

const ink = { color: BRAND.ink } satisfies CSSProperties;

function Leaf({ block, merged }: { block: TColumnBlock; merged: Merged }): ReactNode {
  switch (block.type) {
    case 'heading':
      return (
        <Heading as={`h${block.level}`} className="sb-ink" style={{ ...ink, fontSize: HEADING_SIZES[block.level], lineHeight: 1.3, margin: '16px 0 8px', textAlign: block.align }}>
          {merged.text(block.text)}
        </Heading>
      );
    case 'text':
      return (
        <Text className="sb-ink" style={{ ...ink, fontSize: 15, lineHeight: '24px', margin: '8px 0', textAlign: block.align, whiteSpace: 'pre-line' }}>
          {merged.text(block.text)}
        </Text>
      );
    case 'image': {
      const image = <Img src={merged.href(block.src)} alt={merged.text(block.alt)} width={block.width} style={{ display: 'block', maxWidth: '100%', height: 'auto', border: 0, margin: '8px auto' }} />;
      return block.href ? <Link href={merged.href(block.href)}>{image}</Link> : image;
    }
    case 'button':
      return (
        <Section style={{ margin: '16px 0', textAlign: block.align }}>
          <Button
            className="sb-button"
            href={merged.href(block.href)}
            style={{ backgroundColor: BRAND.indigo, color: '#ffffff', borderRadius: 8, padding: '12px 20px', fontSize: 15, fontWeight: 600 }}
          >
            {merged.text(block.label)}
          </Button>
        </Section>
      );
    case 'divider':
      return <Hr style={{ borderColor: BRAND.line, margin: '20px 0' }} />;
  }
}

function Footer({ block, unsubscribeUrl, merged }: { block: TFooterBlock; unsubscribeUrl: string; merged: Merged }): ReactNode {
  return (
    <Section style={{ marginTop: 24, borderTop: `1px solid ${BRAND.line}` }}>
      <Text className="sb-muted" style={{ fontSize: 12, lineHeight: '18px', color: BRAND.muted, textAlign: 'center', whiteSpace: 'pre-line' }}>
        {merged.text(block.postalAddress)}
        <br />
        <Link href={unsubscribeUrl} style={{ color: BRAND.muted, textDecoration: 'underline' }}>
          {merged.text(block.unsubscribeLabel)}
        </Link>
      </Text>
    </Section>
  );
}

function Block({ block, merge, merged }: { block: TEmailBlock; merge: EmailMerge; merged: Merged }): ReactNode {
  switch (block.type) {
    case 'columns':
      return (
        <Section>
          <Row>
            {block.columns.map((column, index) => (
              // Columns have no id of their own; their position is their identity.
              <Column key={index} style={{ verticalAlign: 'top', width: `${Math.floor(100 / block.columns.length)}%`, padding: '0 8px' }}>
                {column.map((leaf) => (
                  <Leaf key={leaf.id} block={leaf} merged={merged} />
                ))}
              </Column>
            ))}
          </Row>
        </Section>
      );
    case 'social':
      return (
        <Text style={{ textAlign: block.align, fontSize: 14, margin: '16px 0' }}>
          {block.links.map((l, index) => (
            <span key={l.network}>
              {index > 0 ? ' · ' : null}
              <Link href={merged.href(l.url)} style={{ color: BRAND.indigo }}>
                {NETWORK_LABELS[l.network]}
              </Link>
            </span>
          ))}
        </Text>
      );
    case 'footer':
      return <Footer block={block} unsubscribeUrl={merge.unsubscribeUrl} merged={merged} />;
    default:
      return <Leaf block={block} merged={merged} />;
  }
}

function leafText(block: TColumnBlock, merged: Merged): string {
  switch (block.type) {
    case 'heading':
      return merged.text(block.text);
    case 'text':
      return merged.text(block.text);
    case 'image':
      return block.href ? `[${merged.text(block.alt)}] ${merged.href(block.href)}` : `[${merged.text(block.alt)}]`;
    case 'button':
      return `${merged.text(block.label)}: ${merged.href(block.href)}`;
    case 'divider':
      return '----------';
  }
}

function blockText(block: TEmailBlock, merge: EmailMerge, merged: Merged): string {
  switch (block.type) {
    case 'columns':
      return block.columns
        .flat()
        .map((leaf) => leafText(leaf, merged))
        .join('\n\n');
    case 'social':
      return block.links.map((l) => `${NETWORK_LABELS[l.network]}: ${merged.href(l.url)}`).join('\n');
    case 'footer':
      return `--\n${merged.text(block.postalAddress)}\n${merged.text(block.unsubscribeLabel)}: ${merge.unsubscribeUrl}`;
    default:
      return leafText(block, merged);
  }
}

function CampaignEmail({ blocks, merge, preview, merged }: { blocks: TEmailBlocks; merge: EmailMerge; preview: string | undefined; merged: Merged }): ReactNode {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{DARK_STYLES}</style>
      </Head>
      {preview ? <Preview>{preview}</Preview> : null}
      <Body className="sb-page" style={{ backgroundColor: BRAND.page, margin: 0, padding: '24px 0', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' }}>
        <Container className="sb-card" style={{ backgroundColor: BRAND.card, border: `1px solid ${BRAND.line}`, borderRadius: 12, padding: 24, maxWidth: 600 }}>
          {blocks.map((block) => (
            <Block key={block.id} block={block} merge={merge} merged={merged} />
          ))}
        </Container>
      </Body>
    </Html>
  );
}

function plainText(blocks: TEmailBlocks, merge: EmailMerge, merged: Merged): string {
  return `${blocks
    .map((block) => blockText(block, merge, merged))
    .filter((part) => part.trim() !== '')
    .join('\n\n')}\n`;
}

const previewOf = (blocks: TEmailBlocks, merged: Merged) => {
  const firstText = blocks.find((b) => b.type === 'text');
  return firstText ? merged.text(firstText.text).slice(0, 140) : undefined;
};

/** One recipient's e-mail: HTML (light and dark, 600 px wide, fluid on phones) and its plain text. */
export async function renderEmailBlocks(blocks: TEmailBlocks, merge: EmailMerge): Promise<{ html: string; text: string }> {
  const merged = mergerOf(merge.values);
  const html = await render(<CampaignEmail blocks={blocks} merge={merge} preview={merge.preview ?? previewOf(blocks, merged)} merged={merged} />);
  return { html, text: plainText(blocks, merge, merged) };
}

/** What react-dom writes for a text or an attribute value (its escapeTextForBrowser). */
const escapeLikeReact = (value: string) => value.replace(/["&'<>]/g, (c) => ({ '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' })[c]!);

/** What react-email's Preview writes after its text: padding that keeps the body out of the inbox line. */
const PREVIEW_LENGTH = 150;
const previewHtml = (text: string) => {
  const shown = text.substring(0, PREVIEW_LENGTH);
  return escapeLikeReact(shown) + (shown.length < PREVIEW_LENGTH ? `<div>${'\xA0\u200C\u200B\u200D\u200E\u200F\uFEFF'.repeat(PREVIEW_LENGTH - shown.length)}</div>` : '');
};

type Slot = { kind: 'text' | 'href'; template: string } | { kind: 'preview' };

/**
 * The blocks rendered once for every recipient of a campaign (react-email costs milliseconds a
 * message; 100,000 recipients would spend minutes in it): each string holding a merge field is
 * rendered as a marker, and the returned function puts one recipient's values in the markers'
 * places, escaped as React would have — the same bytes renderEmailBlocks makes for that recipient
 * (tests/unit/campaign-blocks.test.ts compares them).
 */
export async function compileEmailBlocks(blocks: TEmailBlocks, merge: Omit<EmailMerge, 'values'>): Promise<(values: Record<string, string>) => { html: string; text: string }> {
  const nonce = Math.random().toString(36).slice(2, 10);
  const slots: Slot[] = [];
  const marker = (slot: Slot) => `sbmerge${nonce}x${slots.push(slot) - 1}x`;
  const keep = (value: string) => templateVariables(value).length === 0;
  const marking: Merged = {
    text: (value) => (keep(value) ? value : marker({ kind: 'text', template: value })),
    href: (value) => (keep(value) ? value : marker({ kind: 'href', template: value })),
  };
  const firstText = blocks.find((b) => b.type === 'text');
  const previewVaries = merge.preview === undefined && firstText !== undefined && !keep(firstText.text);
  const preview = merge.preview ?? (previewVaries ? marker({ kind: 'preview' }) : previewOf(blocks, marking));
  let html = await render(<CampaignEmail blocks={blocks} merge={{ ...merge, values: {} }} preview={preview} merged={marking} />);
  // The preview's marker stands for its text and its padding, both of which depend on the text's length.
  if (previewVaries) {
    if (!html.includes(previewHtml(preview!))) throw new Error('react-email wrote the preview unlike previewHtml: compileEmailBlocks needs updating');
    html = html.replace(previewHtml(preview!), preview!);
  }
  const parts = html.split(new RegExp(`sbmerge${nonce}x(\\d+)x`));
  return (values) => {
    const merged = mergerOf(values);
    let out = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) {
      const slot = slots[Number(parts[i])]!;
      out += slot.kind === 'preview' ? previewHtml(previewOf(blocks, merged)!) : escapeLikeReact(merged[slot.kind](slot.template));
      out += parts[i + 1]!;
    }
    return { html: out, text: plainText(blocks, { ...merge, values }, merged) };
  };
}

/**
 * Stored blocks (stored as given) checked again: a VALIDATION names `<field>.<n>.<rule's field>` —
 * `email.content.blocks.2.href`, or `abTest.contentB.blocks.2.href` for the A/B test's body B.
 */
function parseStoredBlocks(blocks: unknown, field: string): TEmailBlocks {
  const parsed = ZEmailBlocks.safeParse(blocks);
  if (parsed.success) return parsed.data;
  const issues = issuesFromZod(parsed.error).map((issue) => ({ ...issue, path: [field, issue.path].filter(Boolean).join('.') }));
  throw new DomainError('VALIDATION', `${issues[0]!.path}: ${issues[0]!.message}`, { issues });
}

/** What a sender calls with stored content: the blocks checked again, the recipient's values under both spellings, then renderEmailBlocks. */
export async function renderStoredBlocks(blocks: unknown, merge: EmailMerge): Promise<{ html: string; text: string }> {
  return renderEmailBlocks(parseStoredBlocks(blocks, 'email.content.blocks'), { ...merge, values: withContactNames(merge.values) });
}

/** compileEmailBlocks for stored content, as renderStoredBlocks is for one recipient; `field` names the blocks in an error. */
export async function compileStoredBlocks(
  blocks: unknown,
  merge: Omit<EmailMerge, 'values'>,
  field = 'email.content.blocks',
): Promise<(values: Record<string, string>) => { html: string; text: string }> {
  const compiled = await compileEmailBlocks(parseStoredBlocks(blocks, field), merge);
  return (values) => compiled(withContactNames(values));
}
