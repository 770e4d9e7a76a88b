import { config } from 'zod/v4/core';

/**
 * Zod's object schemas compile a fast parser with `new Function` when the page allows it, and probe
 * for that on first use. The Content-Security-Policy allows no eval (server/http/security-headers.ts),
 * so the probe would be a reported violation: the client parses without it. Imported first by both
 * entries, before any schema parses.
 */
config({ jitless: true });
