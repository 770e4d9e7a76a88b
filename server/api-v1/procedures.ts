import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import { z } from 'zod';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; anyOf?: JsonSchema[]; [key: string]: unknown };

/** What /api/v1 reads of the app router's procedures (handed in by the assembly): their schemas and permissions. */
export function procedureCatalog(router: AnyTRPCRouter) {
  const procedures = router._def.procedures as unknown as Record<string, AnyTRPCProcedure>;

  /** The zod input schema of a procedure (optional and prefault wrappers removed). */
  function procedureInput(path: string): z.ZodType | undefined {
    const procedure = procedures[path];
    if (!procedure) throw new Error(`/api/v1 names a procedure that does not exist: ${path}`);
    let schema = (procedure._def as unknown as { inputs: z.ZodType[] }).inputs[0];
    while (schema instanceof z.ZodOptional || schema instanceof z.ZodPrefault) schema = schema.unwrap() as z.ZodType;
    return schema;
  }

  function procedureMeta(path: string): { permission?: string } {
    return ((procedures[path]?._def as unknown as { meta?: { permission?: string } }).meta ?? {}) as { permission?: string };
  }

  /** The JSON Schema (2020-12) of what a client sends: the schema's input side. */
  function inputJsonSchema(path: string): JsonSchema {
    const schema = procedureInput(path);
    return schema ? jsonSchemaOf(schema, 'input') : { type: 'object', properties: {} };
  }

  /** The zod output schema a procedure declares with .output(). */
  function procedureOutput(path: string): z.ZodType | undefined {
    const procedure = procedures[path];
    if (!procedure) throw new Error(`/api/v1 names a procedure that does not exist: ${path}`);
    return (procedure._def as unknown as { output?: z.ZodType }).output;
  }

  /** The JSON Schema (2020-12) of what a procedure answers; a procedure /api/v1 serves must declare it. */
  function outputJsonSchema(path: string): JsonSchema {
    const schema = procedureOutput(path);
    if (!schema) throw new Error(`${path} is served by /api/v1 but declares no .output() schema`);
    return jsonSchemaOf(schema, 'output');
  }

  return { procedureInput, procedureMeta, inputJsonSchema, procedureOutput, outputJsonSchema };
}

export type ProcedureCatalog = ReturnType<typeof procedureCatalog>;

/** A zod schema as JSON Schema (2020-12): what a client sends (input) or what it is answered (output). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, io === 'input' ? { io, unrepresentable: 'any', target: 'draft-2020-12' } : { io, target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

export type { JsonSchema };
