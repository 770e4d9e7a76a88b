import { CheckIcon, FileSpreadsheetIcon, UploadCloudIcon } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { FormAlert } from '../../../../components/form';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { focusRing } from '../../../../components/ui/focus';
import { Select } from '../../../../components/ui/input';
import { TBody, THead, Table, Td, Th, Tr } from '../../../../components/ui/table';
import { showError } from '../../../../lib/auth';
import { cn } from '../../../../lib/cn';
import { errorMessageOf } from '../../../../lib/errors';
import { IMPORT_LIMITS } from '../../../../../server/contacts/schema';
import { trpc } from '../../../../lib/trpc';
import { mappingProblems } from './import-mapping';
import { plural } from './labels';
import type { ImportJob, ImportPreview } from './types';

type Step = 'upload' | 'map' | 'options';
type Loaded = { name: string; size: number; csv: string; preview: ImportPreview };
type Dedupe = 'email' | 'phone' | 'none';
type OnDuplicate = 'skip' | 'update' | 'create';

const STEPS: { key: Step; label: string }[] = [
  { key: 'upload', label: 'Upload' },
  { key: 'map', label: 'Map columns' },
  { key: 'options', label: 'Duplicates' },
];

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The CSV import in three steps: a file (dropped or picked) → its columns mapped to contact fields
 * (suggested by the server, editable, "Don't import" allowed) → how duplicates are found and treated.
 * Starting it hands the file to the server's import job.
 */
export function ImportWizard({ onStarted }: { onStarted: (job: ImportJob) => void }) {
  const [step, setStep] = useState<Step>('upload');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [dedupeBy, setDedupeBy] = useState<Dedupe>('email');
  const [onDuplicate, setOnDuplicate] = useState<OnDuplicate>('skip');

  function onLoaded(next: Loaded) {
    setLoaded(next);
    const suggested = Object.fromEntries(next.preview.headers.map((h) => [h, next.preview.suggestedMapping[h] ?? '']));
    setMapping(suggested);
    const targets = new Set(Object.values(suggested));
    setDedupeBy(targets.has('email') ? 'email' : targets.has('phone') ? 'phone' : 'none');
    setOnDuplicate('skip');
    setStep('map');
  }

  return (
    <section aria-label="New import" className="grid gap-5 rounded-xl border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900">
      <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label="Steps">
        {STEPS.map((s, i) => {
          const index = STEPS.findIndex((x) => x.key === step);
          const state = i < index ? 'done' : i === index ? 'current' : 'todo';
          return (
            <li key={s.key} className="flex items-center gap-2" aria-current={state === 'current' ? 'step' : undefined}>
              <span
                className={cn(
                  'flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                  state === 'done' && 'bg-indigo-600 text-white dark:bg-indigo-500',
                  state === 'current' && 'bg-indigo-100 text-indigo-700 ring-2 ring-indigo-600 dark:bg-indigo-950 dark:text-indigo-300 dark:ring-indigo-400',
                  state === 'todo' && 'bg-gray-100 text-gray-500 dark:bg-gray-800 dark:text-gray-400',
                )}
              >
                {state === 'done' ? <CheckIcon className="size-3.5" aria-label="Done" /> : i + 1}
              </span>
              <span className={cn(state === 'current' ? 'font-semibold text-gray-900 dark:text-white' : 'text-gray-600 dark:text-gray-400')}>{s.label}</span>
              {i < STEPS.length - 1 ? <span aria-hidden className="mx-1 h-px w-6 bg-gray-300 dark:bg-gray-700" /> : null}
            </li>
          );
        })}
      </ol>
      {step === 'upload' ? <UploadStep onLoaded={onLoaded} /> : null}
      {step === 'map' && loaded ? <MapStep loaded={loaded} mapping={mapping} setMapping={setMapping} onBack={() => setStep('upload')} onNext={() => setStep('options')} /> : null}
      {step === 'options' && loaded ? (
        <OptionsStep
          loaded={loaded}
          mapping={mapping}
          dedupeBy={dedupeBy}
          setDedupeBy={setDedupeBy}
          onDuplicate={onDuplicate}
          setOnDuplicate={setOnDuplicate}
          onBack={() => setStep('map')}
          onStarted={onStarted}
        />
      ) : null}
    </section>
  );
}

/**
 * The file's bytes go to the server, which reads them in whatever encoding they were saved (UTF-8,
 * UTF-16 or Windows-1252) and answers the preview with the decoded text the import then starts from.
 */
async function previewFile(file: File): Promise<{ csv: string; preview: ImportPreview }> {
  const response = await fetch('/api/contacts/imports/preview', { method: 'POST', body: file, headers: { 'Content-Type': 'application/octet-stream' }, credentials: 'same-origin' });
  const answer = (await response.json().catch(() => ({}))) as ImportPreview & { csv?: string; message?: string };
  if (!response.ok || typeof answer.csv !== 'string') throw new Error(answer.message ?? 'Could not read the file');
  const { csv, ...preview } = answer;
  return { csv, preview };
}

function UploadStep({ onLoaded }: { onLoaded: (loaded: Loaded) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const hintId = useId();

  async function take(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (!/\.(csv|txt|tsv)$/i.test(file.name) && !/csv|text\/plain|tab-separated/.test(file.type)) {
      setProblem(`“${file.name}” is not a CSV file. Export your spreadsheet as CSV (comma or semicolon separated) and try again.`);
      return;
    }
    if (file.size > IMPORT_LIMITS.maxBytes) {
      setProblem(`“${file.name}” is ${formatBytes(file.size)}; files up to ${formatBytes(IMPORT_LIMITS.maxBytes)} can be imported. Split it into smaller files.`);
      return;
    }
    if (file.size === 0) {
      setProblem(`“${file.name}” is empty.`);
      return;
    }
    setReading(file.name);
    try {
      const { csv, preview: result } = await previewFile(file);
      if (result.totalRows === 0) {
        setProblem(`“${file.name}” has a header row but no contacts below it.`);
        return;
      }
      onLoaded({ name: file.name, size: file.size, csv, preview: result });
    } catch (error) {
      setProblem(errorMessageOf(error, 'Could not read the file'));
    } finally {
      setReading(null);
      if (input.current) input.current.value = '';
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  }

  return (
    <div className="grid gap-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="import-dropzone"
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors',
          over ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/40' : 'border-gray-300 dark:border-gray-700',
        )}
      >
        <UploadCloudIcon className="size-10 text-indigo-500 dark:text-indigo-400" aria-hidden />
        <div>
          <p className="text-sm font-medium text-gray-900 dark:text-gray-100">Drop a CSV file here</p>
          <p id={hintId} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            One contact per row, with a header row naming the columns. Up to {formatBytes(IMPORT_LIMITS.maxBytes)}; commas, semicolons or tabs.
          </p>
        </div>
        <input
          ref={input}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/plain"
          className="sr-only"
          tabIndex={-1}
          aria-label="CSV file"
          aria-describedby={hintId}
          onChange={(e) => void take(e.target.files?.[0])}
        />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={reading !== null}>
          <FileSpreadsheetIcon className="size-4" aria-hidden />
          {reading ? `Reading ${reading}…` : 'Choose a file'}
        </Button>
      </div>
      <div aria-live="polite">
        <FormAlert message={problem} />
      </div>
    </div>
  );
}

function MapStep({
  loaded,
  mapping,
  setMapping,
  onBack,
  onNext,
}: {
  loaded: Loaded;
  mapping: Record<string, string>;
  setMapping: (next: Record<string, string>) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { preview } = loaded;
  const problems = mappingProblems(mapping);
  const [tried, setTried] = useState(false);
  const blocked = Object.keys(problems.byColumn).length > 0 || problems.overall !== null;
  const mapped = Object.values(mapping).filter(Boolean).length;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-gray-700 dark:text-gray-300">
          <span className="font-medium text-gray-900 dark:text-white">{loaded.name}</span> · {plural(preview.totalRows, 'row')} · {plural(preview.headers.length, 'column')} · separated by{' '}
          {preview.delimiter === '\t' ? 'tabs' : `“${preview.delimiter}”`}
        </p>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {mapped} of {preview.headers.length} columns will be imported
        </p>
      </div>
      <Table aria-label="Column mapping" className="min-w-[36rem]">
        <THead>
          <Tr>
            <Th>Column in the file</Th>
            <Th>Sample values</Th>
            <Th>Import as</Th>
          </Tr>
        </THead>
        <TBody>
          {preview.headers.map((header, col) => {
            const samples = preview.rows
              .map((r) => r[col] ?? '')
              .filter((v) => v.trim() !== '')
              .slice(0, 3);
            const problem = problems.byColumn[header];
            return (
              <Tr key={`${header}-${col}`}>
                <Td className="font-medium">{header || <span className="text-gray-400">(no name)</span>}</Td>
                <Td className="max-w-64 text-gray-600 dark:text-gray-400">
                  {samples.length > 0 ? <span className="block truncate">{samples.join(' · ')}</span> : <span className="text-gray-400 italic">empty in the first rows</span>}
                </Td>
                <Td className="min-w-56">
                  <Select
                    aria-label={`Import “${header}” as`}
                    value={mapping[header] ?? ''}
                    onChange={(e) => setMapping({ ...mapping, [header]: e.target.value })}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `map-${col}-error` : undefined}
                  >
                    <option value="">Don’t import</option>
                    <optgroup label="Contact fields">
                      {preview.targets
                        .filter((t) => !t.value.startsWith('custom.'))
                        .map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.label}
                          </option>
                        ))}
                    </optgroup>
                    {preview.targets.some((t) => t.value.startsWith('custom.')) ? (
                      <optgroup label="Custom fields">
                        {preview.targets
                          .filter((t) => t.value.startsWith('custom.'))
                          .map((t) => (
                            <option key={t.value} value={t.value}>
                              {t.label}
                            </option>
                          ))}
                      </optgroup>
                    ) : null}
                  </Select>
                  {problem ? (
                    <p id={`map-${col}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
                      {problem}
                    </p>
                  ) : null}
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
      {tried && problems.overall ? <FormAlert message={problems.overall} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          Choose another file
        </Button>
        <Button
          onClick={() => {
            setTried(true);
            if (!blocked) onNext();
          }}
        >
          Next: duplicates
        </Button>
      </div>
    </div>
  );
}

const DEDUPE: { value: Dedupe; label: string; description: string }[] = [
  { value: 'email', label: 'By e-mail', description: 'A row whose e-mail a contact already has (as its main or another address) is a duplicate.' },
  { value: 'phone', label: 'By phone', description: 'A row whose phone number a contact already has is a duplicate.' },
  { value: 'none', label: 'Don’t look for duplicates', description: 'Every row becomes a new contact.' },
];

const ON_DUPLICATE: { value: OnDuplicate; label: string; description: string }[] = [
  { value: 'skip', label: 'Skip the row', description: 'The existing contact stays as it is.' },
  { value: 'update', label: 'Update the contact', description: 'Filled cells replace its values and tags are added; empty cells change nothing.' },
  { value: 'create', label: 'Create another contact', description: 'Keeps both; you can merge them later from Duplicates.' },
];

function Choice<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  disabledValues = [],
}: {
  name: string;
  legend: string;
  options: { value: T; label: string; description: string }[];
  value: T;
  onChange: (v: T) => void;
  disabledValues?: T[];
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold text-gray-900 dark:text-white">{legend}</legend>
      {options.map((o) => {
        const disabled = disabledValues.includes(o.value);
        return (
          <label
            key={o.value}
            htmlFor={`${id}-${o.value}`}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors',
              value === o.value ? 'border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-950/40' : 'border-gray-200 dark:border-gray-800',
              disabled && 'cursor-not-allowed opacity-50',
            )}
          >
            <input
              id={`${id}-${o.value}`}
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              disabled={disabled}
              onChange={() => onChange(o.value)}
              className={cn('mt-0.5 size-4 accent-indigo-600', focusRing)}
            />
            <span>
              <span className="block font-medium text-gray-900 dark:text-gray-100">{o.label}</span>
              <span className="block text-gray-600 dark:text-gray-400">{o.description}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function OptionsStep({
  loaded,
  mapping,
  dedupeBy,
  setDedupeBy,
  onDuplicate,
  setOnDuplicate,
  onBack,
  onStarted,
}: {
  loaded: Loaded;
  mapping: Record<string, string>;
  dedupeBy: Dedupe;
  setDedupeBy: (v: Dedupe) => void;
  onDuplicate: OnDuplicate;
  setOnDuplicate: (v: OnDuplicate) => void;
  onBack: () => void;
  onStarted: (job: ImportJob) => void;
}) {
  const utils = trpc.useUtils();
  const start = trpc.imports.start.useMutation();
  const [message, setMessage] = useState<string | null>(null);
  const targets = new Set(Object.values(mapping));
  const unavailable = (['email', 'phone'] as const).filter((t) => !targets.has(t));

  async function onStart() {
    setMessage(null);
    try {
      const job = await start.mutateAsync({
        csv: loaded.csv,
        filename: loaded.name.slice(0, 200),
        mapping: Object.fromEntries(Object.entries(mapping).map(([h, t]) => [h, t || null])),
        dedupeBy,
        onDuplicate: dedupeBy === 'none' ? 'create' : onDuplicate,
      });
      utils.imports.get.setData({ id: job.id }, job);
      void utils.imports.list.invalidate();
      onStarted(job);
    } catch (error) {
      setMessage(errorMessageOf(error, 'Could not start the import'));
      showError(error, 'Could not start the import');
    }
  }

  return (
    <div className="grid gap-5">
      <div className="grid gap-5 md:grid-cols-2">
        <Choice name="dedupeBy" legend="Find existing contacts" options={DEDUPE} value={dedupeBy} onChange={setDedupeBy} disabledValues={unavailable} />
        <Choice
          name="onDuplicate"
          legend="When a row matches a contact"
          options={ON_DUPLICATE}
          value={dedupeBy === 'none' ? 'create' : onDuplicate}
          onChange={setOnDuplicate}
          disabledValues={dedupeBy === 'none' ? ['skip', 'update'] : []}
        />
      </div>
      {unavailable.length > 0 ? (
        <p className="text-xs text-gray-500 dark:text-gray-400">
          {unavailable.map((t) => (t === 'email' ? 'By e-mail' : 'By phone')).join(' and ')} needs a column mapped to {unavailable.map((t) => (t === 'email' ? 'E-mail' : 'Phone')).join(' or ')}.
        </p>
      ) : null}
      <div className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700 dark:bg-gray-800/60 dark:text-gray-300">
        {plural(loaded.preview.totalRows, 'row')} from <strong>{loaded.name}</strong> will be read in the background; rows with problems are listed in an error report you can download. You can leave
        this page meanwhile.
      </div>
      <FormAlert message={message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={start.isPending}>
          Back to mapping
        </Button>
        <Button onClick={() => void onStart()} disabled={start.isPending}>
          {start.isPending ? 'Starting...' : `Import ${plural(loaded.preview.totalRows, 'row')}`}
        </Button>
      </div>
    </div>
  );
}

export const STATUS_LABELS: Record<string, { label: string; tone: 'gray' | 'blue' | 'green' | 'red' }> = {
  queued: { label: 'Waiting to start', tone: 'gray' },
  running: { label: 'Running', tone: 'blue' },
  completed: { label: 'Completed', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

export function ImportStatusBadge({ status }: { status: string }) {
  const s = STATUS_LABELS[status] ?? { label: status, tone: 'gray' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}
