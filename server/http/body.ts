import type { Context } from 'hono';
import type { z } from 'zod';
import { DomainError, fieldError, parseInput } from '../errors';
import type { GuardOptions } from '../input/guard';

export type BodyOptions = GuardOptions & {
  /** The door's own words for a body that is not JSON (a public script's contract); by default `body: must be a JSON object`. */
  notJson?: string;
};

/**
 * The one REST body reader: JSON (its size already bounded by server/http/body-limit.ts), the input
 * guard, then the door's zod schema — the same schema tRPC's `.input()` uses — so services take
 * typed input and never parse it again. A malformed body is a 400 naming `body`, never a 500.
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S, options: BodyOptions = {}): Promise<z.output<S>> {
  const { notJson, ...guard } = options;
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw notJson ? new DomainError('VALIDATION', notJson) : fieldError('body', 'must be a JSON object');
  }
  return parseInput(schema, body, guard);
}

/** The query string through the same schema and guard (one value per key; repeated keys keep the last). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S, guard: GuardOptions = {}): z.output<S> {
  return parseInput(schema, c.req.query(), guard);
}
