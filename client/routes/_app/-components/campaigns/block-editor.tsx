import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from 'lucide-react';
import { SelectField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { EMAIL_BLOCK_TYPES, ZEmailBlocks, type TEmailBlock } from '../../../../lib/campaigns-schema';
import { BLOCK_LABELS, BlockForm, newBlock } from './block-forms';

/** The schema's complaints about the blocks, by path ("2.href"), and those about the list itself under "". */
export function blockErrors(blocks: TEmailBlock[]): Record<string, string> {
  const result = ZEmailBlocks.safeParse(blocks);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** Add, reorder and remove blocks; each block's form names what is wrong with it. */
export function BlockEditor({ blocks, onChange }: { blocks: TEmailBlock[]; onChange: (blocks: TEmailBlock[]) => void }) {
  const errors = blockErrors(blocks);
  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks];
    const [block] = next.splice(index, 1);
    next.splice(index + by, 0, block!);
    onChange(next);
  };
  const hasFooter = blocks.some((b) => b.type === 'footer');
  return (
    <div className="flex flex-col gap-3" data-testid="block-editor">
      {errors[''] ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Blocks: {errors['']}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {blocks.map((block, index) => {
          const label = `${BLOCK_LABELS[block.type]} (block ${index + 1})`;
          const invalid = Object.keys(errors).some((key) => key === String(index) || key.startsWith(`${index}.`));
          return (
            <li
              key={block.id}
              aria-label={label}
              className={`rounded-lg border p-3 ${invalid ? 'border-red-300 dark:border-red-800' : 'border-gray-200 dark:border-gray-800'} bg-white dark:bg-gray-900`}
            >
              <div className="mb-2 flex items-center justify-between gap-2">
                <h3 className="text-sm font-semibold">{label}</h3>
                <span className="flex gap-1">
                  <Button size="icon" variant="ghost" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                    <ArrowUpIcon className="size-4" aria-hidden />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={`Move ${label} down`} disabled={index === blocks.length - 1} onClick={() => move(index, 1)}>
                    <ArrowDownIcon className="size-4" aria-hidden />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={`Remove ${label}`} onClick={() => onChange(blocks.filter((b) => b.id !== block.id))}>
                    <Trash2Icon className="size-4" aria-hidden />
                  </Button>
                </span>
              </div>
              <BlockForm block={block} path={String(index)} errors={errors} onChange={(next) => onChange(blocks.map((b) => (b.id === block.id ? next : b)))} />
            </li>
          );
        })}
      </ol>
      <SelectField
        label="Add a block"
        value=""
        className="w-fit"
        onChange={(e) => {
          const type = e.target.value as TEmailBlock['type'];
          if (!type) return;
          // A new block goes above the footer, which stays last.
          const footerAt = blocks.findIndex((b) => b.type === 'footer');
          const at = footerAt === -1 ? blocks.length : footerAt;
          onChange([...blocks.slice(0, at), newBlock(type), ...blocks.slice(at)]);
        }}
      >
        <option value="">Choose a block…</option>
        {EMAIL_BLOCK_TYPES.filter((type) => type !== 'footer' || !hasFooter).map((type) => (
          <option key={type} value={type}>
            {BLOCK_LABELS[type]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
