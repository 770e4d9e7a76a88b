/**
 * Zod's object schemas compile a fast parser with `new Function` when the page allows it, and probe
 * for that on first use. The Content-Security-Policy allows no eval (server/http/security-headers.ts),
 * so the probe would be a reported violation: the client parses without it (zod's `jitless`).
 *
 * Set on the global configuration object every copy of zod shares (`globalThis.__zod_globalConfig`,
 * what `z.config()` writes to) rather than through `z.config()`, so that the public site's entry,
 * which must not load zod (tests/e2e/landing-bundle.test.ts), can set it too. Imported first by both
 * entries; tests/unit/zod-jitless.test.ts checks zod reads it.
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });
