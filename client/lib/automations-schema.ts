/** The server's automations schemas and constants (server/automations/schema.ts): the builder validates each step with the rules the engine applies. */
export * from '../../server/automations/schema';
