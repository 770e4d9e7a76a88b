import type { AnyTRPCProcedure } from '@trpc/server';
import { z } from 'zod';
import { appRouter } from '../trpc/router';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; anyOf?: JsonSchema[]; [key: string]: unknown };

const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;

/** The zod input schema of a procedure (optional wrappers removed). */
export function procedureInput(path: string): z.ZodType | undefined {
  const procedure = procedures[path];
  if (!procedure) throw new Error(`/api/v1 names a procedure that does not exist: ${path}`);
  let schema = (procedure._def as unknown as { inputs: z.ZodType[] }).inputs[0];
  while (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
  return schema;
}

export function procedureMeta(path: string): { permission?: string } {
  return ((procedures[path]?._def as unknown as { meta?: { permission?: string } }).meta ?? {}) as { permission?: string };
}

/** A zod schema as JSON Schema (2020-12): what a client sends (input) or what it is answered (output). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, io === 'input' ? { io, unrepresentable: 'any', target: 'draft-2020-12' } : { io, target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The JSON Schema (2020-12) of what a client sends: the schema's input side. */
export function inputJsonSchema(path: string): JsonSchema {
  const schema = procedureInput(path);
  return schema ? jsonSchemaOf(schema, 'input') : { type: 'object', properties: {} };
}

/** The zod output schema a procedure declares with .output(). */
export function procedureOutput(path: string): z.ZodType | undefined {
  const procedure = procedures[path];
  if (!procedure) throw new Error(`/api/v1 names a procedure that does not exist: ${path}`);
  return (procedure._def as unknown as { output?: z.ZodType }).output;
}

/** The JSON Schema (2020-12) of what a procedure answers; a procedure /api/v1 serves must declare it. */
export function outputJsonSchema(path: string): JsonSchema {
  const schema = procedureOutput(path);
  if (!schema) throw new Error(`${path} is served by /api/v1 but declares no .output() schema`);
  return jsonSchemaOf(schema, 'output');
}

export type { JsonSchema };
