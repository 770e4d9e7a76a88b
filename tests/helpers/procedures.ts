import type { AnyTRPCProcedure } from '@trpc/server';
import type { ZodType } from 'zod';
import type { ProcedureMeta } from '../../server/trpc/init';
import { appRouter } from '../../server/assembly';

export type ProcedureInfo = {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  permission: ProcedureMeta['permission'];
  inputKeys: string[];
};

/** Every procedure of the app router, flattened, with its permission and top-level input keys. */
export function listProcedures(): ProcedureInfo[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  return Object.entries(procedures).map(([path, procedure]) => {
    const def = procedure._def as unknown as { type: ProcedureInfo['type']; meta?: ProcedureMeta; inputs: ZodType[] };
    const inputKeys = def.inputs.flatMap((schema) => Object.keys(shapeOf(schema)));
    return { path, type: def.type, permission: def.meta?.permission, inputKeys };
  });
}

function shapeOf(schema: ZodType): Record<string, unknown> {
  let current: unknown = schema;
  // Unwrap defaults/optionals/pipes down to an object schema, if any.
  for (let i = 0; i < 5; i++) {
    const node = current as { shape?: Record<string, unknown>; def?: { innerType?: unknown; in?: unknown } };
    if (node.shape) return node.shape;
    current = node.def?.innerType ?? node.def?.in;
    if (!current) break;
  }
  return {};
}

/** Calls a procedure by its dotted path on a caller. */
export function callByPath(api: unknown, path: string, input: unknown): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], api) as (input: unknown) => Promise<unknown>;
  return fn(input);
}
