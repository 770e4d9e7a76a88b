/** The server's shared zod schemas and constants: every form validates with the rules the server applies. */
export * from '../../server/auth/schema';
export * from '../../server/account-emails/schema';
export * from '../../server/audit/schema';
