import { type FormEvent, useId, useMemo, useState } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Label, Switch } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { showError, useMe } from '../../../../lib/auth';
import { ZCreateDealInput, ZUpdateDealInput } from '../../../../lib/deals-schema';
import { type FieldErrors, fieldMessage, serverFormErrors, validateForm } from '../../../../lib/forms';
import { currencyOptions, formatMoney, minorToInput, parseMoneyInput } from '../../../../lib/money';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { keepDialogOnListEscape } from '../crm/combobox';
import { refreshDeals } from '../crm/invalidate';
import { ContactPicker, contactOption, MemberSelect } from '../crm/pickers';
import type { ComboOption } from '../crm/combobox';
import type { Deal, DealDetail, Pipeline } from '../crm/types';

const FIELDS = [
  'title',
  'value',
  'value.valueMinor',
  'value.currency',
  'pipelineId',
  'stageId',
  'contactId',
  'ownerId',
  'expectedCloseDate',
  'probability',
  'isRecurring',
  'monthlyValueMinor',
  'lostReason',
] as const;

type Values = {
  title: string;
  amount: string;
  currency: string;
  pipelineId: string;
  stageId: string;
  contact: ComboOption | null;
  ownerId: string | null;
  expectedCloseDate: string;
  probability: string;
  isRecurring: boolean;
  monthly: string;
  lostReason: string;
};

/** What a new deal starts with: where it goes, its currency, and the contact it is for. */
export type DealDefaults = { pipelineId?: string; stageId?: string; currency: string; contact?: ComboOption | null };

function initialValues(deal: Deal | DealDetail | undefined, defaults: DealDefaults & { ownerId: string | null }): Values {
  if (deal) {
    return {
      title: deal.title,
      amount: minorToInput(deal.value.valueMinor, deal.value.currency),
      currency: deal.value.currency,
      pipelineId: deal.pipelineId,
      stageId: deal.stage.id,
      contact: contactOption(deal.contact),
      ownerId: deal.owner?.id ?? null,
      expectedCloseDate: deal.expectedCloseDate ?? '',
      probability: deal.probabilityOverride === null ? '' : String(deal.probabilityOverride),
      isRecurring: deal.isRecurring,
      monthly: minorToInput(deal.monthlyValue?.valueMinor, deal.value.currency),
      lostReason: deal.lostReason ?? '',
    };
  }
  return {
    title: '',
    amount: '',
    currency: defaults.currency,
    pipelineId: defaults.pipelineId ?? '',
    stageId: defaults.stageId ?? '',
    contact: defaults.contact ?? null,
    ownerId: defaults.ownerId,
    expectedCloseDate: '',
    probability: '',
    isRecurring: false,
    monthly: '',
    lostReason: '',
  };
}

/**
 * Create or edit a deal: title, value and currency, pipeline and stage, contact, owner, expected
 * close date, probability (or the stage's), recurring with its monthly value, and the lost reason
 * when the stage is a lost one. Rules are the server's (shared schema); its field errors show under
 * the fields.
 */
export function DealDialog({
  open,
  onOpenChange,
  deal,
  pipelines,
  defaults,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deal?: Deal | DealDetail;
  pipelines: readonly Pipeline[];
  defaults: DealDefaults;
  onSaved?: (deal: DealDetail) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onEscapeKeyDown={keepDialogOnListEscape}>
        {open ? <DealForm deal={deal} pipelines={pipelines} defaults={defaults} onDone={() => onOpenChange(false)} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DealForm({
  deal,
  pipelines,
  defaults,
  onDone,
  onSaved,
}: {
  deal?: Deal | DealDetail;
  pipelines: readonly Pipeline[];
  defaults: DealDefaults;
  onDone: () => void;
  onSaved?: (deal: DealDetail) => void;
}) {
  const { data: me } = useMe();
  const utils = trpc.useUtils();
  const create = trpc.deals.create.useMutation();
  const update = trpc.deals.update.useMutation();
  const pending = create.isPending || update.isPending;
  const recurringId = useId();
  const lostId = useId();
  const firstPipeline = pipelines.find((p) => p.id === defaults.pipelineId) ?? pipelines.find((p) => p.isDefault) ?? pipelines[0];
  const [values, setValues] = useState<Values>(() => {
    const start = initialValues(deal, { ...defaults, pipelineId: defaults.pipelineId ?? firstPipeline?.id, ownerId: me?.user.id ?? null });
    if (!start.stageId) start.stageId = firstPipeline?.stages.find((s) => s.kind === 'open')?.id ?? firstPipeline?.stages[0]?.id ?? '';
    return start;
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const pipeline = pipelines.find((p) => p.id === values.pipelineId);
  const stage = pipeline?.stages.find((s) => s.id === values.stageId);
  const currencies = useMemo(() => currencyOptions(values.currency, defaults.currency), [values.currency, defaults.currency]);
  const valueMinor = parseMoneyInput(values.amount, values.currency);
  const probabilityShown = values.probability.trim() === '' ? stage?.probability : Number(values.probability);

  function choosePipeline(id: string) {
    const next = pipelines.find((p) => p.id === id);
    setValues((v) => ({ ...v, pipelineId: id, stageId: next?.stages.find((s) => s.kind === 'open')?.id ?? next?.stages[0]?.id ?? '' }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const money = parseMoneyInput(values.amount, values.currency);
    const monthly = parseMoneyInput(values.monthly, values.currency);
    const local: FieldErrors = {};
    if (money === undefined) local['value.valueMinor'] = 'must be an amount such as 1250 or 1250.50';
    if (values.isRecurring && monthly === undefined) local.monthlyValueMinor = 'must be an amount such as 99 or 99.50';
    const probability = values.probability.trim() === '' ? null : Number(values.probability);
    const fields = {
      title: values.title,
      value: { valueMinor: money ?? 0, currency: values.currency },
      contactId: values.contact?.id ?? null,
      ownerId: values.ownerId,
      expectedCloseDate: values.expectedCloseDate || null,
      probability: probability !== null && Number.isFinite(probability) ? probability : probability === null ? null : NaN,
      isRecurring: values.isRecurring,
      monthlyValueMinor: values.isRecurring ? (monthly ?? null) : null,
      pipelineId: values.pipelineId || undefined,
      stageId: values.stageId || undefined,
      lostReason: stage?.kind === 'lost' ? values.lostReason : undefined,
    };
    const parsed = deal ? validateForm(ZUpdateDealInput, { id: deal.id, ...fields }) : validateForm(ZCreateDealInput, fields);
    const found = { ...(parsed.ok ? {} : parsed.errors), ...local };
    if (stage?.kind === 'lost' && !values.lostReason.trim()) found.lostReason = 'is required when a deal is lost';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = deal ? await update.mutateAsync({ id: deal.id, ...fields }) : await create.mutateAsync(fields);
      await refreshDeals(utils);
      toast({ title: deal ? 'Deal saved' : 'Deal created', description: `${saved.title} · ${saved.stage.name}` });
      onSaved?.(saved);
      onDone();
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, FIELDS, deal ? 'Could not save the deal' : 'Could not create the deal');
      setErrors(fieldErrors);
      setFormError(message);
      if (message) showError(failure, deal ? 'Could not save the deal' : 'Could not create the deal');
    }
  }

  const valueError = errors['value.valueMinor'] ?? errors.value;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{deal ? 'Edit deal' : 'New deal'}</DialogTitle>
        <DialogDescription>{deal ? 'Changes are recorded on the deal’s timeline.' : 'The deal starts in the stage you choose; drag it along the board as it progresses.'}</DialogDescription>
      </DialogHeader>
      <FormAlert message={formError} />
      <TextField label="Title" name="title" required autoFocus value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} placeholder="e.g. Acme Corp — annual plan" />
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <TextField
          label="Value"
          name="value"
          inputMode="decimal"
          value={values.amount}
          onChange={(e) => set('amount', e.target.value)}
          error={valueError}
          hint={valueMinor !== undefined && valueMinor !== null ? formatMoney(valueMinor, values.currency) : 'Leave empty for no value yet.'}
        />
        <SelectField label="Currency" name="currency" value={values.currency} onChange={(e) => set('currency', e.target.value)} error={errors['value.currency']}>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Pipeline" name="pipelineId" value={values.pipelineId} onChange={(e) => choosePipeline(e.target.value)} error={errors.pipelineId}>
          {pipelines.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Stage" name="stageId" value={values.stageId} onChange={(e) => set('stageId', e.target.value)} error={errors.stageId}>
          {(pipeline?.stages ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
              {s.kind === 'won' ? ' (won)' : s.kind === 'lost' ? ' (lost)' : ''}
            </option>
          ))}
        </SelectField>
      </div>
      {stage?.kind === 'lost' ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={lostId}>Lost reason</Label>
          <Textarea
            id={lostId}
            name="lostReason"
            required
            value={values.lostReason}
            onChange={(e) => set('lostReason', e.target.value)}
            aria-invalid={errors.lostReason ? true : undefined}
            aria-describedby={errors.lostReason ? `${lostId}-error` : undefined}
            placeholder="e.g. Chose a competitor on price"
          />
          {errors.lostReason ? (
            <p id={`${lostId}-error`} className="text-sm text-red-600 dark:text-red-400">
              {fieldMessage('Lost reason', errors.lostReason)}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactPicker value={values.contact} onChange={(c) => set('contact', c)} error={errors.contactId} />
        <MemberSelect label="Owner" name="ownerId" value={values.ownerId} onChange={(id) => set('ownerId', id)} none="No owner" current={deal?.owner ?? null} error={errors.ownerId} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Expected close date"
          name="expectedCloseDate"
          type="date"
          value={values.expectedCloseDate}
          onChange={(e) => set('expectedCloseDate', e.target.value)}
          error={errors.expectedCloseDate}
        />
        <TextField
          label="Probability (%)"
          name="probability"
          type="number"
          min={0}
          max={100}
          step={1}
          inputMode="numeric"
          placeholder={stage ? `${stage.probability} (stage default)` : undefined}
          value={values.probability}
          onChange={(e) => set('probability', e.target.value)}
          error={errors.probability}
          hint={probabilityShown !== undefined && valueMinor ? `Weighted value ${formatMoney(Math.round((valueMinor * probabilityShown) / 100), values.currency)}` : 'Leave empty to follow the stage.'}
        />
      </div>
      <div className="grid gap-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor={recurringId}>Recurring revenue</Label>
            <p className="text-xs text-gray-500 dark:text-gray-400">Counts toward Monthly Recurring Revenue once won.</p>
          </div>
          <Switch id={recurringId} checked={values.isRecurring} onCheckedChange={(checked) => set('isRecurring', checked)} />
        </div>
        {values.isRecurring ? (
          <TextField
            label={`Monthly value (${values.currency})`}
            name="monthlyValueMinor"
            inputMode="decimal"
            required
            value={values.monthly}
            onChange={(e) => set('monthly', e.target.value)}
            error={errors.monthlyValueMinor}
          />
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : deal ? 'Save deal' : 'Create deal'}
        </Button>
      </DialogFooter>
    </form>
  );
}
