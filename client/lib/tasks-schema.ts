/** The server's shared tasks schemas and constants (server/tasks/schema.ts): the forms validate with the rules the server applies. */
export * from '../../server/tasks/schema';
