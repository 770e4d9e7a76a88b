/**
 * A small round-robin HTTP proxy for the multi-process test: each request goes to the next upstream
 * in turn, streamed both ways (so SSE streams pass as they are written). The answer carries
 * `X-Upstream: <index>`, so a test can tell which process served it.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type RoundRobinProxy = { url: string; port: number; close(): Promise<void> };

export async function startRoundRobinProxy(upstreams: string[], port = 0): Promise<RoundRobinProxy> {
  let next = 0;
  const sockets = new Set<Socket>();
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const index = next++ % upstreams.length;
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const upstream = request(target, { method: incoming.method, headers: incoming.headers, agent: false }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
      outgoing.flushHeaders();
      answer.pipe(outgoing);
      // A client that goes away ends the upstream request too (an SSE stream's subscriber, say).
      outgoing.on('close', () => answer.destroy());
    });
    upstream.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': String(index) });
      outgoing.end(`proxy: ${upstreams[index]}: ${error.message}`);
    });
    incoming.pipe(upstream);
  };
  const server = createServer(forward);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
