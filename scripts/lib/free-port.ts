import { createServer } from 'node:net';

/**
 * A port nothing listens on right now: the OS picks one for a throwaway listener, which is closed.
 * The listener takes every interface, as the server does (0.0.0.0), so a port held on any one of them
 * is not handed out. For the benches and the tests that start real servers.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}
