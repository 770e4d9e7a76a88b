import http from 'node:http';
import { monotonicMicros } from './realtime-publish';

/**
 * Many realtime.events subscribers in one process, over raw node:http (an EventSource per
 * connection costs far more memory than the few buffers here). Parses tRPC's SSE wire format:
 * blocks separated by a blank line, `event: connected` first (then `ping`s), and per tracked event
 * `data: <json>` and `id: <event id>`. Each bench event's payload carries {bench, seq, t}; the
 * receive time (taken once per socket read, before parsing) minus t is its delivery latency.
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
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  private readonly requests: http.ClientRequest[] = [];
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
    const req = http.get(this.options.url, { agent: this.agent, headers: { cookie: this.options.cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        fail(`HTTP ${res.statusCode}`);
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const receivedAt = monotonicMicros();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          // tRPC ends each event with a blank line plus one more newline: blocks may start with '\n'.
          const block = buffer.slice(0, end).replace(/^\n+/, '');
          buffer = buffer.slice(end + 2);
          if (block === '') continue;
          if (block.startsWith('event: connected')) {
            this.connectMs[index] = performance.now() - started;
            this.connected++;
            settle();
            continue;
          }
          if (block.startsWith('event:')) continue; // ping, return, serialized-error
          this.onData(index, block, receivedAt);
        }
      });
      res.on('end', () => fail('stream ended'));
      res.on('error', (error) => fail(error.message));
    });
    req.on('error', (error) => fail(error.message));
    this.requests.push(req);
  }

  private onData(index: number, block: string, receivedAt: number): void {
    const line = block.split('\n').find((l) => l.startsWith('data: '));
    if (!line) return;
    let event: { payload?: { bench?: unknown; seq?: unknown; t?: unknown } };
    try {
      event = JSON.parse(line.slice(6)) as typeof event;
    } catch {
      if (this.errors.length < 20) this.errors.push(`subscriber ${index}: malformed data line ${JSON.stringify(line.slice(0, 80))}`);
      return;
    }
    const payload = event.payload;
    if (payload?.bench !== this.options.runId || typeof payload.seq !== 'number' || typeof payload.t !== 'number') {
      this.otherEvents++;
      return;
    }
    const slot = index * this.options.events + payload.seq;
    if (this.seen[slot]) {
      this.duplicates++;
      return;
    }
    this.seen[slot] = 1;
    this.perSubscriber[index]!++;
    if (payload.seq > this.maxSeq[index]!) this.maxSeq[index] = payload.seq;
    this.latencies[this.deliveries++] = receivedAt - payload.t;
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
    for (const req of this.requests) req.destroy();
    this.agent.destroy();
  }
}
