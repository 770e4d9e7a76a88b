/** The server's shared appointments schemas and constants (server/appointments/schema.ts): the forms validate with the rules the server applies. */
export * from '../../server/appointments/schema';
