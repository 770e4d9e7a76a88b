/**
 * The server's shared analytics schemas and constants (server/analytics/schema.ts): periods, report
 * keys and titles, custom-range and marketing-spend rules, imported at runtime so the forms validate
 * with the rules the server applies. See client/lib/schema.ts for why the eslint exemption is needed.
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
export * from '../../server/analytics/schema';
