/**
 * The server's shared zod schemas and constants (server/auth/schema.ts), the one place the client
 * imports them at runtime: every form validates with the same rules the server applies.
 *
 * The eslint rule meant to allow runtime imports of server schema.ts modules cannot: its negated
 * pattern ('!**\/server/**\/schema') re-includes a file whose parent directory is already excluded,
 * which gitignore-style matching never does. Until the rule uses a regex, this module is the exemption.
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
export * from '../../server/auth/schema';
