import { z } from 'zod';

export const ZWatchHealthInput = z.object({ intervalMs: z.number().int().min(1000, 'intervalMs must be at least 1000').max(60_000).default(5000) }).default({ intervalMs: 5000 });
export type TWatchHealthInput = z.input<typeof ZWatchHealthInput>;

/** GET /api/health: 200 when the database answers, 503 with the reason when it does not. */
export const ZHealthStatus = z.strictObject({ ok: z.boolean(), database: z.enum(['pglite', 'postgres']), version: z.string(), reason: z.string().optional() });

/** GET /api/health/ready: 200 when this process takes traffic, 503 with the reason while migrating, draining or without its database. */
export const ZReadiness = z.strictObject({ ready: z.boolean(), reason: z.string().optional() });
