/**
 * `npm run dev`: the API server under `tsx watch` on API_PORT (3001) and Vite with HMR on PORT (3000),
 * which proxies /api and /trpc to it — one command, one URL.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const port = Number(process.env.PORT || 3000);
const apiPort = Number(process.env.API_PORT || 3001);

const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(apiPort),
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
  },
});

const vite = await createServer({ configFile: 'vite.config.ts', server: { port } });
await vite.listen();
vite.printUrls();

const stop = () => {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
api.once('exit', (code) => {
  if (code !== null && code !== 0) console.error(`API server exited with code ${code}`);
});
