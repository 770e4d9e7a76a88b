/** The server's webhooks schemas and constants (server/webhooks/schema.ts): the Settings → Webhooks forms check what the server checks. */
export * from '../../server/webhooks/schema';
