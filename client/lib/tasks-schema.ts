/**
 * The server's shared tasks schemas and constants (server/tasks/schema.ts), imported at runtime so the
 * forms validate with the rules the server applies. See client/lib/schema.ts for why the eslint
 * exemption is needed (the rule's negated pattern cannot re-include a server schema module).
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
export * from '../../server/tasks/schema';
