/** `npm start`: build the client when missing or stale, then run the server in production mode. */
import { ensureClientBuild } from './lib/client-build';

process.env.NODE_ENV ||= 'production';
await ensureClientBuild();
await import('../server/index');
