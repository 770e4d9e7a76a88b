import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type KitRequest = { method: string; path: string; apiKey: string | undefined; body: Record<string, unknown> };

/**
 * A local HTTP double of Kit's API v4 (the three calls lead forwarding makes): subscribers upserted
 * by e-mail, tags created by name (existing ones returned with 200), taggings. Scriptable: the next
 * N upserts of one e-mail answer 500, or the whole double is down (connections closed without an answer).
 */
export async function startKitDouble(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? 'kit-test-key';
  const requests: KitRequest[] = [];
  const subscribers = new Map<string, { id: number; email_address: string; first_name: string | null }>();
  const tags = new Map<string, number>();
  const taggings = new Set<string>();
  let nextId = 1000;
  /** E-mail → how many of its next subscriber upserts answer 500. */
  const failing = new Map<string, number>();
  let down = false;
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (down) {
      req.socket.destroy();
      return;
    }
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const path = new URL(req.url ?? '/', 'http://kit.test').pathname;
    const request = { method: req.method ?? 'GET', path, apiKey: req.headers['x-kit-api-key'] as string | undefined, body };
    requests.push(request);
    const failures = failing.get(String(body.email_address ?? '').toLowerCase()) ?? 0;
    if (path === '/v4/subscribers' && failures > 0) {
      failing.set(String(body.email_address).toLowerCase(), failures - 1);
      return send(res, 500, { errors: ['Internal server error (scripted)'] });
    }
    if (request.apiKey !== apiKey) return send(res, 401, { errors: ['API Key not valid'] });
    if (req.method === 'GET' && path === '/v4/account') return send(res, 200, { account: { name: 'Switchboard test creator', plan_type: 'creator', primary_email_address: 'kit@example.com' } });
    if (req.method === 'POST' && path === '/v4/subscribers') {
      const email = String(body.email_address ?? '').toLowerCase();
      if (!email.includes('@')) return send(res, 422, { errors: ['Email address is invalid'] });
      const existing = subscribers.get(email);
      const subscriber = { id: existing?.id ?? nextId++, email_address: email, first_name: (body.first_name as string | undefined) ?? existing?.first_name ?? null };
      subscribers.set(email, subscriber);
      return send(res, existing ? 200 : 201, { subscriber: { ...subscriber, state: 'active' } });
    }
    if (req.method === 'POST' && path === '/v4/tags') {
      const name = String(body.name ?? '');
      const existing = tags.get(name);
      const id = existing ?? nextId++;
      tags.set(name, id);
      return send(res, existing ? 200 : 201, { tag: { id, name } });
    }
    const tagging = /^\/v4\/tags\/(\d+)\/subscribers\/(\d+)$/.exec(path);
    if (req.method === 'POST' && tagging) {
      const key = `${tagging[1]}:${tagging[2]}`;
      const existed = taggings.has(key);
      taggings.add(key);
      return send(res, existed ? 200 : 201, { subscriber: { id: Number(tagging[2]) } });
    }
    return send(res, 404, { errors: ['Not Found'] });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 400, { errors: ['Bad JSON'] }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiKey,
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    /** The subscriber with this e-mail and the names of its tags, as Kit would show them. */
    subscriber(email: string) {
      const s = subscribers.get(email.toLowerCase());
      if (!s) return undefined;
      const names = [...tags].filter(([, id]) => taggings.has(`${id}:${s.id}`)).map(([name]) => name);
      return { ...s, tags: names.sort() };
    },
    /** Requests that concerned this e-mail's subscriber creation. */
    subscriberCalls(email: string) {
      return requests.filter((r) => r.path === '/v4/subscribers' && String(r.body.email_address).toLowerCase() === email.toLowerCase());
    },
    /** The next `count` upserts of this e-mail's subscriber answer 500. */
    failSubscriber(email: string, count: number) {
      failing.set(email.toLowerCase(), count);
    },
    setDown(value: boolean) {
      down = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type KitDouble = Awaited<ReturnType<typeof startKitDouble>>;
