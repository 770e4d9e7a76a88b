import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Label } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldMessage } from '../../../../lib/forms';
import { MERGE_FIELDS, SOCIAL_NETWORKS, type TColumnBlock, type TEmailBlock } from '../../../../lib/campaigns-schema';
import { newBlockId } from './labels';

/** The block being edited may be half-filled: the editor keeps what was typed and the schema names what is wrong. */
type Errors = Record<string, string>;
type Change<B> = (patch: Partial<B>) => void;

export const BLOCK_LABELS: Record<TEmailBlock['type'], string> = {
  heading: 'Heading',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  divider: 'Divider',
  columns: 'Columns',
  social: 'Social links',
  footer: 'Footer',
};

/** A new block of a type, with the values a person would start from. */
export function newBlock(type: TEmailBlock['type']): TEmailBlock {
  const id = newBlockId();
  switch (type) {
    case 'heading':
      return { id, type, text: '', level: 2, align: 'left' };
    case 'text':
      return { id, type, text: '', align: 'left' };
    case 'image':
      return { id, type, src: '', alt: '', width: 600 };
    case 'button':
      return { id, type, label: '', href: 'https://', align: 'center' };
    case 'divider':
      return { id, type };
    case 'columns':
      return { id, type, columns: [[{ id: newBlockId(), type: 'text', text: '', align: 'left' }], [{ id: newBlockId(), type: 'text', text: '', align: 'left' }]] };
    case 'social':
      return { id, type, links: [{ network: 'website', url: 'https://' }], align: 'center' };
    case 'footer':
      return { id, type, postalAddress: '', unsubscribeLabel: 'Unsubscribe' };
  }
}

const ALIGNS = ['left', 'center', 'right'] as const;

function AlignField({ value, onChange }: { value: 'left' | 'center' | 'right'; onChange: (value: 'left' | 'center' | 'right') => void }) {
  return (
    <SelectField label="Alignment" value={value} onChange={(e) => onChange(e.target.value as typeof value)}>
      {ALIGNS.map((a) => (
        <option key={a} value={a}>
          {a}
        </option>
      ))}
    </SelectField>
  );
}

/** A multi-line text with a merge-field menu that appends `{{field | }}` at the end. */
function MergeTextArea({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} rows={4} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {fieldMessage(label, error)}
        </p>
      ) : null}
      <MergeFieldMenu label={`Insert a merge field into ${label.toLowerCase()}`} onPick={(field) => onChange(`${value}{{${field} | }}`)} />
    </div>
  );
}

export function MergeFieldMenu({ label, onPick }: { label: string; onPick: (field: string) => void }) {
  return (
    <select
      aria-label={label}
      className="w-fit rounded-md border border-gray-300 bg-white px-2 py-1 text-xs dark:border-gray-700 dark:bg-gray-900"
      value=""
      onChange={(e) => {
        if (e.target.value) onPick(e.target.value);
      }}
    >
      <option value="">Insert merge field…</option>
      {MERGE_FIELDS.map((f) => (
        <option key={f.name} value={f.name}>
          {f.label}
        </option>
      ))}
    </select>
  );
}

/** The form of a simple block (the ones columns may hold too); `path` prefixes its errors' keys. */
export function LeafForm({ block, onChange, errors, path }: { block: TColumnBlock; onChange: Change<TColumnBlock>; errors: Errors; path: string }) {
  const error = (field: string) => errors[`${path}.${field}`];
  switch (block.type) {
    case 'heading':
      return (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
          <TextField label="Heading text" value={block.text} onChange={(e) => onChange({ text: e.target.value })} error={error('text')} />
          <SelectField label="Level" value={String(block.level)} onChange={(e) => onChange({ level: Number(e.target.value) as 1 | 2 | 3 })}>
            <option value="1">Large</option>
            <option value="2">Medium</option>
            <option value="3">Small</option>
          </SelectField>
          <AlignField value={block.align} onChange={(align) => onChange({ align })} />
        </div>
      );
    case 'text':
      return (
        <div className="flex flex-col gap-3">
          <MergeTextArea label="Text" value={block.text} onChange={(text) => onChange({ text })} error={error('text')} />
          <AlignField value={block.align} onChange={(align) => onChange({ align })} />
        </div>
      );
    case 'image':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Image address (https)" value={block.src} onChange={(e) => onChange({ src: e.target.value })} error={error('src')} />
          <TextField label="Alternative text" value={block.alt} onChange={(e) => onChange({ alt: e.target.value })} error={error('alt')} hint="Shown when images are blocked, and read aloud." />
          <TextField label="Image link (optional)" value={block.href ?? ''} onChange={(e) => onChange({ href: e.target.value || undefined })} error={error('href')} />
          <TextField label="Width (px)" type="number" min={40} max={600} value={block.width} onChange={(e) => onChange({ width: Number(e.target.value) })} error={error('width')} />
        </div>
      );
    case 'button':
      return (
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <TextField label="Button label" value={block.label} onChange={(e) => onChange({ label: e.target.value })} error={error('label')} />
          <TextField label="Button link" value={block.href} onChange={(e) => onChange({ href: e.target.value })} error={error('href')} />
          <AlignField value={block.align} onChange={(align) => onChange({ align })} />
        </div>
      );
    case 'divider':
      return <p className="text-sm text-gray-600 dark:text-gray-400">A horizontal line between sections.</p>;
  }
}

/** The form of any block: the simple ones, and columns, social links and the footer. */
export function BlockForm({ block, onChange, errors, path }: { block: TEmailBlock; onChange: (block: TEmailBlock) => void; errors: Errors; path: string }) {
  const error = (field: string) => errors[`${path}.${field}`];
  switch (block.type) {
    case 'columns':
      return (
        <div className="grid gap-4 md:grid-cols-2" data-testid="columns-form">
          {block.columns.map((column, c) => (
            // A column is its position; its blocks carry ids.
            <fieldset key={`${block.id}-${String(c)}`} className="flex flex-col gap-3 rounded-md border border-gray-200 p-3 dark:border-gray-800">
              <legend className="px-1 text-sm font-medium">Column {c + 1}</legend>
              {column.map((leaf, l) => (
                <div key={leaf.id} className="flex flex-col gap-2">
                  <div className="flex items-center justify-between text-xs font-medium text-gray-600 dark:text-gray-400">
                    {BLOCK_LABELS[leaf.type]}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${BLOCK_LABELS[leaf.type]} from column ${c + 1}`}
                      onClick={() => onChange({ ...block, columns: block.columns.map((col, i) => (i === c ? col.filter((x) => x.id !== leaf.id) : col)) })}
                    >
                      <Trash2Icon className="size-4" aria-hidden />
                    </Button>
                  </div>
                  <LeafForm
                    block={leaf}
                    path={`${path}.columns.${c}.${l}`}
                    errors={errors}
                    onChange={(patch) =>
                      onChange({ ...block, columns: block.columns.map((col, i) => (i === c ? col.map((x) => (x.id === leaf.id ? ({ ...x, ...patch } as TColumnBlock) : x)) : col)) })
                    }
                  />
                </div>
              ))}
              <SelectField
                label={`Add to column ${c + 1}`}
                value=""
                onChange={(e) => {
                  const type = e.target.value as TColumnBlock['type'];
                  if (type) onChange({ ...block, columns: block.columns.map((col, i) => (i === c ? [...col, newBlock(type) as TColumnBlock] : col)) });
                }}
              >
                <option value="">Choose a block…</option>
                {(['heading', 'text', 'image', 'button', 'divider'] as const).map((type) => (
                  <option key={type} value={type}>
                    {BLOCK_LABELS[type]}
                  </option>
                ))}
              </SelectField>
            </fieldset>
          ))}
          {error('columns') ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage('Columns', error('columns')!)}</p> : null}
        </div>
      );
    case 'social':
      return (
        <div className="flex flex-col gap-3">
          {block.links.map((link, i) => (
            <div key={link.network} className="grid items-end gap-3 sm:grid-cols-[auto_1fr_auto]">
              <SelectField
                label={`Network ${i + 1}`}
                value={link.network}
                onChange={(e) => onChange({ ...block, links: block.links.map((x, j) => (j === i ? { ...x, network: e.target.value as typeof link.network } : x)) })}
              >
                {SOCIAL_NETWORKS.map((n) => (
                  <option key={n} value={n} disabled={n !== link.network && block.links.some((x) => x.network === n)}>
                    {n}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={`Profile link ${i + 1}`}
                value={link.url}
                onChange={(e) => onChange({ ...block, links: block.links.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)) })}
                error={error(`links.${i}.url`)}
              />
              <Button variant="ghost" aria-label={`Remove ${link.network}`} disabled={block.links.length === 1} onClick={() => onChange({ ...block, links: block.links.filter((_, j) => j !== i) })}>
                <Trash2Icon className="size-4" aria-hidden />
              </Button>
            </div>
          ))}
          {block.links.length < SOCIAL_NETWORKS.length ? (
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => onChange({ ...block, links: [...block.links, { network: SOCIAL_NETWORKS.find((n) => !block.links.some((x) => x.network === n))!, url: 'https://' }] })}
            >
              <PlusIcon className="size-4" aria-hidden />
              Add a link
            </Button>
          ) : null}
        </div>
      );
    case 'footer':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <MergeTextArea label="Postal address" value={block.postalAddress} onChange={(postalAddress) => onChange({ ...block, postalAddress })} error={error('postalAddress')} />
          <TextField
            label="Unsubscribe link text"
            value={block.unsubscribeLabel}
            onChange={(e) => onChange({ ...block, unsubscribeLabel: e.target.value })}
            error={error('unsubscribeLabel')}
            hint="Each recipient gets their own one-click unsubscribe link."
          />
        </div>
      );
    default:
      return <LeafForm block={block} path={path} errors={errors} onChange={(patch) => onChange({ ...block, ...patch } as TEmailBlock)} />;
  }
}
