import type { ComponentConfig, Config, CustomField, Fields, SlotComponent } from '@puckeditor/core';
import type { ReactNode } from 'react';
import { BookingCalendar } from './components/booking';
import { Button, Heading, Image, Text, Video } from './components/content';
import { Countdown, defaultCountdownEnd } from './components/countdown';
import { Footer } from './components/footer';
import { Form } from './components/form';
import { FAQ_DEFAULT, Faq, FeatureGrid, PricingTable, Testimonials } from './components/lists';
import { Columns, Section, Spacer } from './components/layout';
import { Payment } from './components/payment';
import type { BlockContext } from './context';
import { BLOCK_SCHEMAS, CONTACT_FORM_FIELDS, FORM_INPUT_TYPES, PAYMENT_CURRENCIES, SLOT_FIELDS, type BlockProps, type BlockType } from './schema';

export type { BlockContext } from './context';

const options = <T extends string>(values: readonly T[], label: (v: T) => string = (v) => v) => values.map((value) => ({ label: label(value), value }));
const yesNo = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
];
const alignField = { type: 'radio', label: 'Alignment', options: options(['left', 'center'] as const, (v) => (v === 'left' ? 'Left' : 'Center')) } as const;

/** Puck's sidebar does not style custom fields: a label above its input, like Puck's own fields. */
const FIELD_STYLE = { display: 'grid', gap: 6, fontSize: 14 } as const;
const INPUT_STYLE = { font: 'inherit', padding: '8px 10px', border: '1px solid #c3c3c3', borderRadius: 4, background: '#fff' } as const;

/** A list of strings edited as one comma-separated input (Puck has no string-list field). */
const tagsField: CustomField<string[]> = {
  type: 'custom',
  label: 'Tags added to the contact',
  render: ({ id, value, onChange, readOnly }) => (
    <label style={FIELD_STYLE} htmlFor={id}>
      <span>Tags added to the contact (comma-separated)</span>
      <input
        id={id}
        style={INPUT_STYLE}
        defaultValue={(value ?? []).join(', ')}
        readOnly={readOnly}
        onChange={(e) =>
          onChange(
            e.target.value
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          )
        }
      />
    </label>
  ),
};

const CONTACT_FIELD_LABELS: Record<(typeof CONTACT_FORM_FIELDS)[number], string> = {
  email: 'E-mail',
  phone: 'Phone',
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Full name',
  company: 'Company',
};
/** Which contact field an input fills: a contact column, or `custom:<key>` for a custom field. */
const formFieldName: CustomField<string> = {
  type: 'custom',
  label: 'Saved to',
  render: ({ id, value, onChange, readOnly }) => {
    const custom = value?.startsWith('custom:') ?? false;
    return (
      <div style={FIELD_STYLE}>
        <label htmlFor={id}>Saved to</label>
        <select id={id} style={INPUT_STYLE} value={custom ? 'custom:' : value} disabled={readOnly} onChange={(e) => onChange(e.target.value)}>
          {CONTACT_FORM_FIELDS.map((f) => (
            <option key={f} value={f}>
              {CONTACT_FIELD_LABELS[f]}
            </option>
          ))}
          <option value="custom:">Custom field…</option>
        </select>
        {custom && (
          <input
            aria-label="Custom field key"
            placeholder="custom field key, e.g. budget"
            defaultValue={value.slice(7)}
            readOnly={readOnly}
            onChange={(e) => onChange(`custom:${e.target.value.trim()}`)}
          />
        )}
      </div>
    );
  },
};

/** The Image block's upload: a file input whose upload's id becomes the assetId prop. */
const assetField = (upload: NonNullable<BlockContext['uploadAsset']>): CustomField<string> => ({
  type: 'custom',
  label: 'Uploaded image',
  render: ({ id, value, onChange, readOnly }) => (
    <div style={FIELD_STYLE}>
      <label htmlFor={id}>{value ? 'Replace the uploaded image' : 'Or upload an image (PNG, JPEG, WebP or GIF, up to 5 MB)'}</label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={readOnly}
        onChange={(e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          input.setCustomValidity('');
          upload(file).then(
            (asset) => onChange(asset.id),
            (error: unknown) => {
              // The server's message names the rule (type or size); the browser shows it on the input.
              input.setCustomValidity(error instanceof Error ? error.message : 'The upload failed');
              input.reportValidity();
            },
          );
        }}
      />
      {value && !readOnly && (
        <button type="button" style={INPUT_STYLE} onClick={() => onChange('')}>
          Remove the uploaded image
        </button>
      )}
    </div>
  ),
});

type Renderer<K extends BlockType> = (props: BlockProps[K] & { id: string } & Record<string, SlotComponent>, ctx: BlockContext) => ReactNode;

/**
 * One block's Puck config: its props are checked by its schema before rendering, so a half-edited
 * block in the editor shows what is missing instead of breaking the canvas (published pages were
 * validated by ZPageData already).
 */
function block<K extends BlockType>(type: K, ctx: BlockContext, spec: { label: string; fields: Fields; defaultProps: Record<string, unknown>; render: Renderer<K> }): ComponentConfig {
  const slots = SLOT_FIELDS[type] ?? [];
  return {
    label: spec.label,
    fields: spec.fields,
    defaultProps: spec.defaultProps,
    render: ({ puck: _puck, editMode: _editMode, id, ...raw }) => {
      const parsed = BLOCK_SCHEMAS[type].safeParse(raw);
      if (!parsed.success) {
        if (ctx.mode === 'published') return <></>;
        const issue = parsed.error.issues[0];
        return (
          <div className="sb-placeholder" role="note">
            {spec.label}: {issue ? `${issue.path.join('.') || 'props'} ${issue.message}` : 'incomplete'}
          </div>
        );
      }
      const slotProps = Object.fromEntries(slots.map((s) => [s, raw[s] as SlotComponent]));
      const rendered = spec.render({ ...(parsed.data as BlockProps[K]), ...slotProps, id } as BlockProps[K] & { id: string } & Record<string, SlotComponent>, ctx);
      if (ctx.mode === 'published') return <>{rendered}</>;
      // In the editor a click selects the block: links inside it must not navigate the canvas away.
      return (
        <div style={{ display: 'contents' }} onClickCapture={(e) => (e.target as Element).closest('a') && e.preventDefault()}>
          {rendered}
        </div>
      );
    },
  };
}

/**
 * The site page builder's registry (issue #20): the Puck config of the editor (mode 'editor') and of
 * publishing (mode 'published'; document.tsx renders it to static HTML). The same components either way.
 */
export function siteConfig(ctx: BlockContext): Config {
  const calendarOptions = [{ label: "The organization's first calendar", value: '' }, ...ctx.calendars.map((c) => ({ label: c.name, value: c.id }))];
  const components: Record<BlockType, ComponentConfig> = {
    Section: block('Section', ctx, {
      label: 'Section',
      fields: {
        content: { type: 'slot' },
        background: {
          type: 'select',
          label: 'Background',
          options: options(['none', 'muted', 'brand', 'dark'] as const, (v) => ({ none: 'None', muted: 'Soft grey', brand: 'Brand color', dark: 'Dark' })[v]),
        },
        width: { type: 'radio', label: 'Width', options: options(['narrow', 'normal', 'wide'] as const, (v) => v[0]!.toUpperCase() + v.slice(1)) },
        padding: { type: 'radio', label: 'Spacing', options: options(['small', 'medium', 'large'] as const, (v) => v[0]!.toUpperCase() + v.slice(1)) },
        anchor: { type: 'text', label: 'Anchor (for #links)' },
      },
      defaultProps: { content: [], background: 'none', width: 'normal', padding: 'medium', anchor: '' },
      render: (p) => <Section {...(p as unknown as BlockProps['Section'] & { content: SlotComponent })} />,
    }),
    Columns: block('Columns', ctx, {
      label: 'Columns',
      fields: {
        left: { type: 'slot' },
        right: { type: 'slot' },
        layout: { type: 'radio', label: 'Widths', options: options(['1-1', '2-1', '1-2'] as const, (v) => ({ '1-1': 'Equal', '2-1': 'Wide left', '1-2': 'Wide right' })[v]) },
        verticalAlign: { type: 'radio', label: 'Vertical alignment', options: options(['top', 'center'] as const, (v) => (v === 'top' ? 'Top' : 'Center')) },
      },
      defaultProps: { left: [], right: [], layout: '1-1', verticalAlign: 'top' },
      render: (p) => <Columns {...(p as unknown as BlockProps['Columns'] & { left: SlotComponent; right: SlotComponent })} />,
    }),
    Heading: block('Heading', ctx, {
      label: 'Heading',
      fields: {
        text: { type: 'text', label: 'Text' },
        level: { type: 'select', label: 'Level', options: options(['h1', 'h2', 'h3'] as const, (v) => ({ h1: 'Page title (H1)', h2: 'Section (H2)', h3: 'Sub-section (H3)' })[v]) },
        align: alignField,
      },
      defaultProps: { text: 'A clear headline', level: 'h2', align: 'left' },
      render: (p) => Heading(p),
    }),
    Text: block('Text', ctx, {
      label: 'Text',
      fields: {
        text: { type: 'textarea', label: 'Text (a blank line starts a paragraph)' },
        size: { type: 'radio', label: 'Size', options: options(['body', 'lead', 'small'] as const, (v) => ({ body: 'Normal', lead: 'Large', small: 'Small' })[v]) },
        align: alignField,
      },
      defaultProps: { text: 'Say what you offer and who it is for.', size: 'body', align: 'left' },
      render: (p) => Text(p),
    }),
    Image: block('Image', ctx, {
      label: 'Image',
      fields: {
        src: { type: 'text', label: 'Image address (https://…)' },
        assetId: ctx.uploadAsset ? assetField(ctx.uploadAsset) : { type: 'text', label: 'Uploaded image', visible: false },
        alt: { type: 'text', label: 'Description (alt text, required)' },
        width: { type: 'number', label: 'Width (px)', min: 16, max: 4000 },
        height: { type: 'number', label: 'Height (px)', min: 16, max: 4000 },
        caption: { type: 'text', label: 'Caption' },
        rounded: { type: 'radio', label: 'Rounded corners', options: yesNo },
      },
      defaultProps: { src: '', assetId: '', alt: '', width: 1200, height: 675, caption: '', rounded: true },
      render: (p, c) => Image(p, c),
    }),
    Video: block('Video', ctx, {
      label: 'Video',
      fields: { url: { type: 'text', label: 'YouTube or Vimeo address' }, title: { type: 'text', label: 'Title (shown on the poster)' } },
      defaultProps: { url: '', title: 'Watch the video' },
      render: (p, c) => Video(p, c),
    }),
    Button: block('Button', ctx, {
      label: 'Button',
      fields: {
        label: { type: 'text', label: 'Label' },
        href: { type: 'text', label: 'Link (https://…, /path, #anchor, mailto:, tel:)' },
        variant: { type: 'radio', label: 'Style', options: options(['primary', 'secondary'] as const, (v) => (v === 'primary' ? 'Filled' : 'Outline')) },
        align: alignField,
      },
      defaultProps: { label: 'Get started', href: '#', variant: 'primary', align: 'left' },
      render: (p, c) => Button(p, c),
    }),
    FeatureGrid: block('FeatureGrid', ctx, {
      label: 'Feature grid',
      fields: {
        title: { type: 'text', label: 'Title' },
        intro: { type: 'textarea', label: 'Introduction' },
        columns: { type: 'radio', label: 'Columns on wide screens', options: options(['2', '3', '4'] as const) },
        items: {
          type: 'array',
          label: 'Features',
          arrayFields: { title: { type: 'text', label: 'Title' }, text: { type: 'textarea', label: 'Text' } },
          defaultItemProps: { title: 'A benefit', text: 'One sentence on why it matters.' },
          getItemSummary: (item: { title?: string }) => item.title || 'Feature',
          max: 12,
        },
      },
      defaultProps: {
        title: 'Why choose us',
        intro: '',
        columns: '3',
        items: [
          { title: 'Fast', text: 'Answers within one business day.' },
          { title: 'Friendly', text: 'A real person on the other end.' },
          { title: 'Fair', text: 'Prices listed up front.' },
        ],
      },
      render: (p) => FeatureGrid(p),
    }),
    Testimonials: block('Testimonials', ctx, {
      label: 'Testimonials',
      fields: {
        title: { type: 'text', label: 'Title' },
        items: {
          type: 'array',
          label: 'Testimonials',
          arrayFields: { quote: { type: 'textarea', label: 'Quote' }, name: { type: 'text', label: 'Name' }, role: { type: 'text', label: 'Role or city' } },
          defaultItemProps: { quote: 'What they said, in their words.', name: 'Customer name', role: '' },
          getItemSummary: (item: { name?: string }) => item.name || 'Testimonial',
          max: 12,
        },
      },
      defaultProps: { title: 'What our clients say', items: [{ quote: 'What they said, in their words.', name: 'Customer name', role: '' }] },
      render: (p) => Testimonials(p),
    }),
    PricingTable: block('PricingTable', ctx, {
      label: 'Pricing table',
      fields: {
        title: { type: 'text', label: 'Title' },
        plans: {
          type: 'array',
          label: 'Plans',
          arrayFields: {
            name: { type: 'text', label: 'Name' },
            price: { type: 'text', label: 'Price (as shown, e.g. $49)' },
            period: { type: 'text', label: 'Period (e.g. per month)' },
            description: { type: 'textarea', label: 'Description' },
            features: { type: 'textarea', label: 'Features (one per line)' },
            ctaLabel: { type: 'text', label: 'Button label' },
            ctaHref: { type: 'text', label: 'Button link' },
            highlighted: { type: 'radio', label: 'Highlighted', options: yesNo },
          },
          defaultItemProps: { name: 'Plan', price: '$0', period: 'per month', description: '', features: '', ctaLabel: 'Choose', ctaHref: '#', highlighted: false },
          getItemSummary: (item: { name?: string }) => item.name || 'Plan',
          max: 4,
        },
      },
      defaultProps: {
        title: 'Pricing',
        plans: [{ name: 'Standard', price: '$49', period: 'per month', description: '', features: 'Everything you need to start', ctaLabel: 'Choose Standard', ctaHref: '#', highlighted: true }],
      },
      render: (p, c) => PricingTable(p, c),
    }),
    Faq: block('Faq', ctx, {
      label: 'FAQ',
      fields: {
        title: { type: 'text', label: 'Title' },
        items: {
          type: 'array',
          label: 'Questions',
          arrayFields: { question: { type: 'text', label: 'Question' }, answer: { type: 'textarea', label: 'Answer' } },
          defaultItemProps: { question: 'A question people ask', answer: 'A short, direct answer.' },
          getItemSummary: (item: { question?: string }) => item.question || 'Question',
          max: 30,
        },
      },
      defaultProps: FAQ_DEFAULT,
      render: (p) => Faq(p),
    }),
    Countdown: block('Countdown', ctx, {
      label: 'Countdown',
      fields: {
        title: { type: 'text', label: 'Title' },
        endsAt: { type: 'text', label: 'Ends at (YYYY-MM-DDTHH:mm)', placeholder: '2027-03-01T18:00' },
        timeZone: { type: 'text', label: 'Time zone (e.g. America/New_York)' },
        endedText: { type: 'text', label: 'Text once ended' },
      },
      defaultProps: { title: 'Offer ends soon', endsAt: defaultCountdownEnd(), timeZone: 'UTC', endedText: 'This offer has ended.' },
      render: (p) => Countdown(p),
    }),
    Form: block('Form', ctx, {
      label: 'Form',
      fields: {
        title: { type: 'text', label: 'Title' },
        fields: {
          type: 'array',
          label: 'Fields',
          arrayFields: {
            name: formFieldName,
            label: { type: 'text', label: 'Label' },
            type: { type: 'select', label: 'Input', options: options(FORM_INPUT_TYPES, (v) => ({ text: 'Text', email: 'E-mail', tel: 'Phone', textarea: 'Long text' })[v]) },
            required: { type: 'radio', label: 'Required', options: yesNo },
          },
          defaultItemProps: { name: 'firstName', label: 'First name', type: 'text', required: false },
          getItemSummary: (item: { label?: string }) => item.label || 'Field',
          max: 20,
        },
        submitLabel: { type: 'text', label: 'Button label' },
        tags: tagsField,
        consentText: { type: 'textarea', label: 'Consent text (empty: no checkbox)' },
        redirectPath: { type: 'text', label: 'Then go to (path; empty: next funnel step or thank-you page)' },
        successMessage: { type: 'text', label: 'Message after sending' },
      },
      defaultProps: {
        title: '',
        fields: [
          { name: 'firstName', label: 'First name', type: 'text', required: true },
          { name: 'email', label: 'E-mail', type: 'email', required: true },
        ],
        submitLabel: 'Send',
        tags: [],
        consentText: '',
        redirectPath: '',
        successMessage: 'Thank you, we will be in touch shortly.',
      },
      render: (p, c) => Form(p, c),
    }),
    BookingCalendar: block('BookingCalendar', ctx, {
      label: 'Booking calendar',
      fields: { calendarId: { type: 'select', label: 'Calendar', options: calendarOptions }, title: { type: 'text', label: 'Title' } },
      defaultProps: { calendarId: '', title: 'Book a time' },
      render: (p, c) => BookingCalendar(p, c),
    }),
    Payment: block('Payment', ctx, {
      label: 'Payment',
      fields: {
        productName: { type: 'text', label: 'Product' },
        description: { type: 'textarea', label: 'Description' },
        price: { type: 'number', label: 'Price (e.g. 49.50)', min: 1, max: 100000, step: 0.01 },
        currency: { type: 'select', label: 'Currency', options: options(PAYMENT_CURRENCIES, (v) => v.toUpperCase()) },
        buttonLabel: { type: 'text', label: 'Button label' },
        redirectPath: { type: 'text', label: 'After paying, go to (path; empty: next funnel step or thank-you page)' },
      },
      defaultProps: { productName: 'Strategy session', description: '', price: 49, currency: 'usd', buttonLabel: 'Buy now', redirectPath: '' },
      render: (p, c) => Payment(p, c),
    }),
    Spacer: block('Spacer', ctx, {
      label: 'Spacer',
      fields: { size: { type: 'radio', label: 'Height', options: options(['small', 'medium', 'large'] as const, (v) => v[0]!.toUpperCase() + v.slice(1)) } },
      defaultProps: { size: 'medium' },
      render: (p) => Spacer(p),
    }),
    Footer: block('Footer', ctx, {
      label: 'Footer',
      fields: {
        note: { type: 'textarea', label: 'Note (the organization’s name, address, phone and e-mail are added)' },
        links: {
          type: 'array',
          label: 'Links',
          arrayFields: { label: { type: 'text', label: 'Label' }, href: { type: 'text', label: 'Link' } },
          defaultItemProps: { label: 'Privacy', href: '/privacy' },
          getItemSummary: (item: { label?: string }) => item.label || 'Link',
          max: 8,
        },
      },
      defaultProps: { note: '', links: [] },
      render: (p, c) => Footer(p, c),
    }),
  };
  return {
    categories: {
      layout: { title: 'Layout', components: ['Section', 'Columns', 'Spacer'] },
      content: { title: 'Content', components: ['Heading', 'Text', 'Image', 'Video', 'Button'] },
      marketing: { title: 'Marketing', components: ['FeatureGrid', 'Testimonials', 'PricingTable', 'Faq', 'Countdown'] },
      conversion: { title: 'Forms and booking', components: ['Form', 'BookingCalendar'] },
      footer: { title: 'Footer', components: ['Footer'] },
    },
    components,
  };
}
