import { type TWorkflowSettings, ZStepBody, ZStepId, ZTrigger, ZWorkflowSettingsInput } from '../../../../lib/automations-schema';
import type { Draft } from './graph';

/** Messages by config field name ("body" → "is required"); `id` for the step's name. */
export type ConfigErrors = Record<string, string>;

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], skip: number): ConfigErrors {
  const errors: ConfigErrors = {};
  for (const issue of issues) {
    const [field = 'config', ...rest] = issue.path.slice(skip).map(String);
    // A nested rule (conditions.0.value) is shown under its top field, saying where inside it.
    errors[field] ??= rest.length ? `(${rest.map((p) => (/^\d+$/.test(p) ? `#${Number(p) + 1}` : p)).join(' ')}) ${issue.message}` : issue.message;
  }
  return errors;
}

/** A step's config checked with the engine's own schema for its type (server/automations/schema.ts). */
export function stepErrors(step: { id: string; type: string; config: Record<string, unknown> }): ConfigErrors {
  const body = ZStepBody.safeParse({ type: step.type, config: step.config });
  const errors = body.success ? {} : errorsOf(body.error.issues, 1);
  const id = ZStepId.safeParse(step.id);
  if (!id.success) errors.id = id.error.issues[0]!.message;
  return errors;
}

export function triggerErrors(trigger: { type: string; config: Record<string, unknown> }): ConfigErrors {
  const result = ZTrigger.safeParse(trigger);
  return result.success ? {} : errorsOf(result.error.issues, 1);
}

/**
 * Every problem in the draft, each naming the step (or trigger) and the field, in the server's
 * path style ("steps.Welcome-Email.config.body: is required"), and the ids of steps that have one.
 */
export function draftProblems(draft: Draft): { messages: string[]; invalidSteps: Set<string>; invalidTriggers: Set<number> } {
  const messages: string[] = [];
  const invalidSteps = new Set<string>();
  const invalidTriggers = new Set<number>();
  draft.triggers.forEach((trigger, index) => {
    for (const [field, message] of Object.entries(triggerErrors(trigger))) {
      invalidTriggers.add(index);
      messages.push(`triggers.${index}.config.${field}: ${message}`);
    }
  });
  for (const step of draft.steps) {
    for (const [field, message] of Object.entries(stepErrors(step))) {
      invalidSteps.add(step.id);
      messages.push(field === 'id' ? `steps.${step.id}.id: ${message}` : `steps.${step.id}.config.${field}: ${message}`);
    }
  }
  if (draft.steps.length > 0 && !draft.edges.some((e) => e.from === 'start')) messages.push('edges: Workflow Start must lead to the first step');
  return { messages, invalidSteps, invalidTriggers };
}

/** What Save sends, once draftProblems found none: the triggers parsed by their schema (defaults applied). */
export function definitionOf(draft: Draft) {
  return { version: 1 as const, triggers: draft.triggers.map((t) => ZTrigger.parse(t)), steps: draft.steps, edges: draft.edges, layout: draft.layout };
}

/** The workflow's settings checked with the rules a save applies, by path ("sendingWindow.endHour" → "must be after the start hour"). */
export function settingsErrors(settings: TWorkflowSettings): ConfigErrors {
  const result = ZWorkflowSettingsInput.safeParse(settings);
  const errors: ConfigErrors = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
