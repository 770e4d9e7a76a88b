/**
 * Real server processes for the tests that need them (npm-start.test.ts, multi-process.test.ts):
 * a process's liveness, plain HTTP requests on a connection of their own, and an SSE
 * stream read as text.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

/** One request on a fresh connection (never a pooled one, which a draining server may have closed). */
export function httpRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A JSON POST as the browser sends it (same origin, so the CSRF check lets it through). */
export function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return httpRequest(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(base).origin, ...headers }, body: JSON.stringify(body) });
}

/**
 * A POST whose body waits: sent with `Expect: 100-continue`, so `accepted` resolves once the server
 * has read its headers and taken the request (Node answers 100 Continue then); `finish()` sends the
 * body, and `answered` resolves with the final status.
 */
export function heldPost(url: string, body: string, contentType: string) {
  const bytes = Buffer.from(body);
  const req = request(url, { method: 'POST', agent: false, headers: { 'content-type': contentType, 'content-length': bytes.length, expect: '100-continue' } });
  const accepted = new Promise<void>((resolve) => req.once('continue', resolve));
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { accepted, answered, finish: () => req.end(bytes) };
}

/** An SSE stream read as text: `until` waits for a condition on what arrived, `ended` for the server to end it. */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers } });
  if (response.status !== 200 || !response.body) throw new Error(`event stream ${url}: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let done = false;
  let reading: Promise<void> | undefined;
  const readOnce = () =>
    (reading ??= reader.read().then((chunk) => {
      reading = undefined;
      if (chunk.done) done = true;
      else text += chunk.value;
    }));
  return {
    /** The proxy's X-Upstream header: which process serves the stream. */
    upstream: response.headers.get('x-upstream'),
    get text() {
      return text;
    },
    /** Reads until the text satisfies the condition; throws if the stream ends first. */
    async until(condition: (text: string) => boolean): Promise<string> {
      while (!condition(text)) {
        if (done) throw new Error(`the event stream ended before the condition held; it sent:\n${text}`);
        await readOnce();
      }
      return text;
    },
    /** Resolves with everything the stream sent once the server ends it. */
    async ended(): Promise<string> {
      while (!done) await readOnce();
      return text;
    },
    close: () => reader.cancel().catch(() => {}),
  };
}

export type ChildServer = {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, and waits for the exit code. */
  stop(): Promise<number | null>;
};

/** `node --import tsx server/index.ts` (what `npm start` runs once the client is built) with this environment. */
export function startChildServer(env: Record<string, string>, port: number): ChildServer {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port) };
  // The test runner's own settings are not the server's.
  for (const name of ['NODE_ENV', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'TEST_DB_KIND']) if (!(name in env)) delete merged[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Polls until the process answers /api/health/ready 200; fails with its output if it exits first or the deadline passes. */
export async function waitUntilReady(server: Pick<ChildServer, 'url' | 'output' | 'child'>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.output()}`);
    const status = await httpRequest(`${server.url}/api/health/ready`).then(
      (a) => a.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
