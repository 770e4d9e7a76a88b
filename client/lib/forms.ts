import type { z } from 'zod';
import { errorMessageOf, issuesOf } from './errors';

/** One message per field, keyed by the field's path ("email", "notifications.deal_won"). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Parses form values with a shared schema (server/auth/schema.ts): the parsed data, or the first
 * message of each field that broke a rule.
 */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * Splits a server error into messages under the form's fields and one message for the form as a
 * whole (issues naming no field of this form, or an error without issues).
 */
export function serverFormErrors(error: unknown, fields: readonly string[], fallback: string): { fieldErrors: FieldErrors; message: string | null } {
  const fieldErrors: FieldErrors = {};
  const unplaced: string[] = [];
  for (const issue of issuesOf(error)) {
    if (fields.includes(issue.path)) fieldErrors[issue.path] ??= issue.message;
    else unplaced.push(issue.path ? `${issue.path}: ${issue.message}` : issue.message);
  }
  const placed = Object.keys(fieldErrors).length > 0;
  const message = unplaced.length > 0 ? unplaced.join('; ') : placed ? null : errorMessageOf(error, fallback);
  return { fieldErrors, message };
}

/**
 * A rule's message as a sentence under its field: "is required" under Name reads "Name is required";
 * a message that is already a sentence ("An account with this e-mail already exists") stays as is.
 */
export function fieldMessage(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}
