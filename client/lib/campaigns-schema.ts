/** The server's campaign rules (server/campaigns/schema.ts) and the e-mail block format (server/campaigns/blocks/schema.ts): the editor validates as the server does. */
export * from '../../server/campaigns/schema';
export * from '../../server/campaigns/blocks/schema';
