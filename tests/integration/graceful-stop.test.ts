import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkReadiness } from '../../server/health/service';
import { CSP_REPORT_PATH } from '../../server/http/security-headers';
import { DRAIN_RETRY_MS } from '../../server/realtime/sse';
import { startServer } from '../../server/server';
import { testConfig } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { createAccount } from '../helpers/factories';

const REPORT = JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost/x', 'violated-directive': 'img-src', 'effective-directive': 'img-src', 'blocked-uri': 'inline' } });

/** A POST whose body arrives in two parts: in flight until finish() sends the rest. */
function slowPost(url: string) {
  const bytes = Buffer.from(REPORT);
  const req = request(url, { method: 'POST', headers: { 'content-type': 'application/csp-report', 'content-length': bytes.length } });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, 10));
  return { answered, finish: () => req.end(bytes.subarray(10)) };
}

describe('a graceful stop', () => {
  it('turns readiness 503, ends event streams with a retry hint, answers the request in flight, then closes', async () => {
    const database = await getTestDatabase();
    const server = await startServer(testConfig({ PORT: '0' }), { database, clientDir: false });
    const { lifecycle } = server.deps;
    expect(await checkReadiness(server.deps)).toEqual({ ready: true });
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);

    const owner = await createAccount(server.deps, 'drain');
    const stream = await fetch(`${server.url}/trpc/realtime.events?input=${encodeURIComponent('{}')}`, { headers: { cookie: owner.cookie, accept: 'text/event-stream' } });
    const body = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const chunk = await body.read();
        if (chunk.done) return true;
        text += chunk.value;
      }
      return false;
    };
    await readUntil(() => text.includes('event: connected'));

    const post = slowPost(`${server.url}${CSP_REPORT_PATH}`);
    await expect.poll(() => lifecycle.inFlight).toBe(1);

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    expect(lifecycle.phase).toBe('draining');
    expect(await checkReadiness(server.deps)).toEqual({ ready: false, reason: 'Shutting down: finishing the requests in flight' });
    // The stream ends at once, telling EventSource when to reconnect.
    expect(await readUntil(() => false)).toBe(true);
    expect(text).toContain(`retry: ${DRAIN_RETRY_MS}\n\n`);
    expect(closed).toBe(false);

    post.finish();
    expect(await post.answered).toBe(204);
    await closing;
    expect(lifecycle.inFlight).toBe(0);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
