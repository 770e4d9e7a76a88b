/** The server's calendars schemas and constants (server/calendars/schema.ts): Settings → Booking calendars checks what the server checks. */
export * from '../../server/calendars/schema';
