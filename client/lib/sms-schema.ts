/** The server's shared SMS rules (server/sms/schema.ts): the compose boxes count and validate as the server does. */
export * from '../../server/sms/schema';
