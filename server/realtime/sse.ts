import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Next } from 'hono';
import { requireOrgAuth } from '../kernel/access';
import type { OrgAuth } from '../kernel/caller';
import type { RealtimeEvent } from '../events/types';
import type { AppEnv } from '../http/env';
import { createTrpcContext } from '../trpc/context';
import { SSE_OPTIONS } from '../trpc/init';
import { frameOf } from './frame';
import { ZRealtimeEventsInput } from './schema';
import { openOrganizationStream, type OrganizationStream } from './service';

/** The path httpSubscriptionLink opens for `realtime.events`. */
export const REALTIME_EVENTS_PATH = '/trpc/realtime.events';

/**
 * A subscriber that lets this much pile up unsent is too slow to keep: it is disconnected, and its
 * EventSource reconnects with its last event id and catches up from the events table.
 */
const MAX_BUFFERED_BYTES = 1 << 20;

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
} as const;

/**
 * SSE messages' bytes: as the body carries them, and framed as one HTTP/1.1 chunk, ready for a
 * socket written to directly (see nodeSink).
 */
type Wire = { sse: Buffer; chunk: Buffer };
const CRLF = Buffer.from('\r\n');
function wire(sse: Buffer): Wire {
  return { sse, chunk: Buffer.concat([Buffer.from(`${sse.length.toString(16)}\r\n`), sse, CRLF]) };
}

// tRPC's SSE wire format (httpSubscriptionLink reads it): fields, then a blank line.
const CONNECTED = wire(Buffer.from(`event: connected\ndata: ${JSON.stringify(SSE_OPTIONS.client)}\n\n\n`));
const PING = wire(Buffer.from('event: ping\ndata: \n\n\n'));
/** Sent as the process drains: EventSource reconnects after this long (to another process, or this one restarted). */
export const DRAIN_RETRY_MS = 1000;
const RETRY = wire(Buffer.from(`retry: ${DRAIN_RETRY_MS}\n\n`));

/**
 * A batch's bytes on the wire: its events' SSE messages, one after the other, in one chunk. The bus
 * hands the same batch (and the same event objects) to every local subscriber of an organization,
 * so each is serialized and framed once however many are connected; a subscriber that may see only
 * part of a batch gets its own chunk of the same events' bytes.
 */
const eventBytes = new WeakMap<RealtimeEvent, Buffer>();
const batchWire = new WeakMap<readonly RealtimeEvent[], Wire>();
function wireOf(batch: readonly RealtimeEvent[]): Wire {
  let bytes = batchWire.get(batch);
  if (!bytes) {
    bytes = wire(Buffer.concat(batch.map(sseOf)));
    batchWire.set(batch, bytes);
  }
  return bytes;
}
function sseOf(event: RealtimeEvent): Buffer {
  let bytes = eventBytes.get(event);
  if (!bytes) {
    // The event as its frame: with the queries it makes stale and its notification flags.
    bytes = Buffer.from(`data: ${JSON.stringify(frameOf(event))}\nid: ${event.id}\n\n\n`);
    eventBytes.set(event, bytes);
  }
  return bytes;
}

/** Where a stream's bytes go: the node socket, or (app.request() in tests) a web stream. */
type Sink = { write(bytes: Wire): void; buffered(): number; end(): void; closed: AbortSignal };

function nodeSink(res: ServerResponse, headers: Headers): Sink {
  const closed = new AbortController();
  res.on('close', () => closed.abort());
  res.writeHead(200, [...Object.entries(SSE_HEADERS), ...[...headers].map(([k, v]) => [k, v] as [string, string])].flat());
  res.flushHeaders();
  const socket = res.socket;
  const end = () => void res.end();
  if (!socket || !res.chunkedEncoding) return { write: (w) => void res.write(w.sse), buffered: () => res.writableLength, end, closed: closed.signal };
  // Each message goes to the socket as one prebuilt chunk, after the headers res has flushed and
  // before the last chunk res.end() writes: res.write frames every chunk anew with four corked socket
  // writes, which was most of a large organization's fan-out cost.
  return { write: (w) => void socket.write(w.chunk), buffered: () => socket.writableLength, end, closed: closed.signal };
}

function webSink(): { sink: Sink; body: ReadableStream<Uint8Array> } {
  const closed = new AbortController();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c), cancel: () => closed.abort() });
  const sink: Sink = {
    write: (w) => controller.enqueue(w.sse),
    buffered: () => Math.max(0, -(controller.desiredSize ?? 0)),
    end: () => controller.close(),
    closed: closed.signal,
  };
  return { sink, body };
}

/**
 * `realtime.events` served directly on the socket: the same auth, input and organization stream
 * stream as the tRPC procedure, in tRPC's SSE format, without tRPC's per-connection web streams
 * (about 0.2 ms of CPU and 70 KB of heap per connection per event, the cost that bounded a large
 * organization's fan-out). Requests it does not serve — signed out, no organization, a bad input —
 * go on to tRPC, which answers them with its usual error events.
 */
export async function realtimeEventsRoute(c: Context<AppEnv>, next: Next) {
  const deps = c.var.deps;
  const resHeaders = new Headers();
  const ctx = createTrpcContext({ deps, req: c.req.raw, requestId: c.var.requestId, meta: c.var.meta, resHeaders });
  let auth: OrgAuth;
  let lastEventId: number | null;
  try {
    auth = requireOrgAuth(await ctx.getAuth());
    lastEventId = lastEventIdOf(c);
  } catch {
    return next();
  }

  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  const web = outgoing ? undefined : webSink();
  const sink = outgoing ? nodeSink(outgoing, resHeaders) : web!.sink;
  // pump ends the stream itself when it fails.
  void pump(sink, deps, auth, lastEventId).catch((error: unknown) => {
    deps.logger.error({ err: error, reqId: c.var.requestId }, 'realtime stream failed');
  });
  if (outgoing) return RESPONSE_ALREADY_SENT;
  return new Response(web!.body, { headers: { ...SSE_HEADERS, ...Object.fromEntries(resHeaders) } });
}

function lastEventIdOf(c: Context<AppEnv>): number | null {
  const raw = c.req.query('input');
  const input = ZRealtimeEventsInput.parse(raw === undefined ? undefined : JSON.parse(raw));
  // As tRPC reads it: EventSource's own header on an automatic reconnect wins over the input.
  const id = c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? c.req.query('Last-Event-Id') ?? input?.lastEventId;
  if (id === undefined || id === null || id === '') return null;
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error('lastEventId must be an event id');
  return n;
}

async function pump(sink: Sink, deps: AppEnv['Variables']['deps'], auth: OrgAuth, lastEventId: number | null): Promise<void> {
  sink.write(CONNECTED);
  deps.metrics.sseStreams.inc();
  const ping = setInterval(() => sink.write(PING), SSE_OPTIONS.ping.intervalMs);
  let stream: OrganizationStream | undefined;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    deps.metrics.sseStreams.dec();
    clearInterval(ping);
    sink.closed.removeEventListener('abort', end);
    deps.lifecycle.draining.removeEventListener('abort', endForDrain);
    if (!sink.closed.aborted) sink.end();
    void stream?.close().catch((error: unknown) => deps.logger.error({ err: error }, 'realtime stream did not close cleanly'));
  };
  sink.closed.addEventListener('abort', end, { once: true });
  const endForDrain = () => {
    if (!ended) sink.write(RETRY);
    end();
  };
  const { draining } = deps.lifecycle;
  if (draining.aborted) return endForDrain();
  draining.addEventListener('abort', endForDrain, { once: true });
  try {
    stream = await openOrganizationStream(deps, auth, lastEventId, (events) => {
      if (ended) return;
      sink.write(wireOf(events));
      if (sink.buffered() > MAX_BUFFERED_BYTES) end();
    });
  } catch (error) {
    end();
    throw error;
  }
  // Closed while the stream was opening: `end` ran before there was a stream to close.
  if (ended) await stream.close();
}
