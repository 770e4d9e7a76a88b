/** The server's shared deals schemas and constants (server/deals/schema.ts): the forms validate with the rules the server applies. */
export * from '../../server/deals/schema';
