import net from 'node:net';
import { monotonicMicros } from './realtime-publish';

/**
 * Many realtime.events subscribers in one process, each a plain TCP socket speaking just enough
 * HTTP/1.1 (an EventSource, or even node:http's client, per connection costs far more CPU and memory
 * than the load generator can spare on the server's machine: node:http's parsing and streams took
 * about as long per delivery as the server's fan-out). Reads tRPC's SSE wire format line by line:
 * `event: connected` first (then `ping`s), and per tracked event `data: <json>` and `id: <event id>`;
 * the chunked transfer framing between messages is skipped (a chunk holds whole messages, so a
 * chunk header never falls inside a line). Each bench event's payload carries {bench, seq, t}; the receive
 * time (taken once per socket read, before parsing) minus t is its delivery latency.
 */
export type SubscriberPoolOptions = {
  /** Full URL of the subscription, e.g. http://127.0.0.1:port/trpc/realtime.events */
  url: string;
  cookie: string;
  subscribers: number;
  /** Events the run publishes (seq 0..events-1). */
  events: number;
  runId: string;
};

export class SubscriberPool {
  /** Per subscriber × seq: received yet (duplicates are counted, not stored twice). */
  private readonly seen: Uint8Array;
  /** Delivery latencies in microseconds, in arrival order. */
  readonly latencies: Float64Array;
  deliveries = 0;
  /** Monotonic microseconds of the last bench event received. */
  lastReceivedMicros = 0;
  duplicates = 0;
  /** Events of other types (presence, pings are not counted) and of unknown runs. */
  otherEvents = 0;
  readonly perSubscriber: Uint32Array;
  /** Highest seq each subscriber received (-1: none). Events arrive in publish order per stream. */
  private readonly maxSeq: Int32Array;
  /** Request start → `connected` event, per subscriber, in ms (NaN until connected). */
  readonly connectMs: Float64Array;
  connected = 0;
  readonly errors: string[] = [];
  /** Streams that ended or failed after connecting. */
  dropped = 0;
  private readonly sockets: net.Socket[] = [];
  private closing = false;

  constructor(private readonly options: SubscriberPoolOptions) {
    this.seen = new Uint8Array(options.subscribers * options.events);
    this.latencies = new Float64Array(options.subscribers * options.events);
    this.perSubscriber = new Uint32Array(options.subscribers);
    this.maxSeq = new Int32Array(options.subscribers).fill(-1);
    this.published = options.events;
    this.connectMs = new Float64Array(options.subscribers).fill(Number.NaN);
  }

  /** Events actually published (the publisher may stop early); what "expected" counts. */
  private published: number;

  get expected(): number {
    return this.options.subscribers * this.published;
  }

  setPublished(count: number): void {
    this.published = count;
  }

  /** Opens every subscription at once; resolves when all are connected or failed. */
  connectAll(timeoutMs = 60_000): Promise<void> {
    return new Promise((resolve) => {
      let settled = 0;
      const done = () => {
        if (++settled === this.options.subscribers) {
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        this.errors.push(`${this.options.subscribers - settled} subscriptions not connected within ${timeoutMs} ms`);
        resolve();
      }, timeoutMs);
      for (let i = 0; i < this.options.subscribers; i++) this.open(i, done);
    });
  }

  private open(index: number, settled: () => void): void {
    const started = performance.now();
    let isSettled = false;
    const settle = () => {
      if (isSettled) return;
      isSettled = true;
      settled();
    };
    const fail = (message: string) => {
      if (this.closing) return;
      if (isSettled) this.dropped++;
      if (this.errors.length < 20) this.errors.push(`subscriber ${index}: ${message}`);
      settle();
    };
    const url = new URL(this.options.url);
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    socket.setNoDelay(true);
    socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${this.options.cookie}\r\nAccept: text/event-stream\r\n\r\n`);
    socket.setEncoding('utf8');
    let inBody = false;
    let buffer = '';
    /** The current message's `event:` field ('' for a data message). */
    let eventName = '';
    socket.on('data', (chunk: string) => {
      const receivedAt = monotonicMicros();
      buffer += chunk;
      if (!inBody) {
        const headerEnd = buffer.indexOf('\r\n\r\n');
        if (headerEnd === -1) return;
        const status = buffer.slice(0, buffer.indexOf('\r\n'));
        if (!/^HTTP\/1\.1 200 /.test(status)) {
          socket.destroy();
          fail(status);
          return;
        }
        inBody = true;
        buffer = buffer.slice(headerEnd + 4);
      }
      let from = 0;
      let end: number;
      while ((end = buffer.indexOf('\n', from)) !== -1) {
        const line = buffer.slice(from, end);
        from = end + 1;
        if (line.startsWith('data: ')) {
          if (eventName === '') this.onData(index, line, receivedAt);
        } else if (line.startsWith('event: ')) {
          eventName = line.slice(7);
          if (eventName === 'connected') {
            this.connectMs[index] = performance.now() - started;
            this.connected++;
            settle();
          }
        } else if (line === '' || line === '\r') {
          eventName = ''; // end of a message (or of a chunk)
        }
      }
      buffer = buffer.slice(from);
    });
    socket.on('end', () => fail('stream ended'));
    socket.on('error', (error) => fail(error.message));
    this.sockets.push(socket);
  }

  /**
   * One data line: the run, sequence number and publish time are read straight from the JSON text
   * (JSON.parse of the whole event per delivery would be most of this process's work).
   */
  private onData(index: number, line: string, receivedAt: number): void {
    const bench = fieldOf(line, '"bench":"', '"');
    const seq = Number(fieldOf(line, '"seq":', ',}'));
    const t = Number(fieldOf(line, '"t":', ',}'));
    if (bench !== this.options.runId || !Number.isInteger(seq) || !Number.isFinite(t)) {
      this.otherEvents++;
      return;
    }
    if (seq < 0 || seq >= this.options.events) {
      if (this.errors.length < 20) this.errors.push(`subscriber ${index}: sequence number out of range in ${JSON.stringify(line.slice(0, 80))}`);
      return;
    }
    const slot = index * this.options.events + seq;
    if (this.seen[slot]) {
      this.duplicates++;
      return;
    }
    this.seen[slot] = 1;
    this.perSubscriber[index]!++;
    if (seq > this.maxSeq[index]!) this.maxSeq[index] = seq;
    this.latencies[this.deliveries++] = receivedAt - t;
    this.lastReceivedMicros = receivedAt;
  }

  /** Subscribers that did not receive every event. */
  incompleteSubscribers(): number {
    let n = 0;
    for (const count of this.perSubscriber) if (count < this.published) n++;
    return n;
  }

  /**
   * Missing events split by where they are missing: `gaps` lie before a later event the same
   * subscriber did receive (lost for sure: each stream delivers in publish order), `tail` after the
   * last one it received (lost if the stream went quiet, still queued if it was cut off).
   */
  missing(): { gaps: number; tail: number } {
    let gaps = 0;
    let tail = 0;
    for (let i = 0; i < this.options.subscribers; i++) {
      const upTo = this.maxSeq[i]! + 1;
      gaps += upTo - this.perSubscriber[i]!;
      tail += this.published - upTo;
    }
    return { gaps, tail };
  }

  close(): void {
    this.closing = true;
    for (const socket of this.sockets) socket.destroy();
  }
}

/** The text after `key` up to the first of `stops` (null when the key is absent). */
function fieldOf(line: string, key: string, stops: string): string | null {
  const at = line.indexOf(key);
  if (at === -1) return null;
  let end = at + key.length;
  while (end < line.length && !stops.includes(line[end]!)) end++;
  return line.slice(at + key.length, end);
}
