import autocannon from 'autocannon';
import { percentile } from './common';

export type LoadOptions = {
  /** Seconds. */
  duration: number;
  connections: number;
  /** Requests per second offered across all connections (visitors with a pause between pages); unset: as fast as answered. */
  overallRate?: number;
  /** Request headers (a custom domain's Host, say). */
  headers?: Record<string, string>;
  /** Changes each request before it is sent (autocannon's setupRequest): another visitor's User-Agent, say. */
  setupRequest?: (request: { headers?: Record<string, string> }) => { headers?: Record<string, string> };
};

export type LoadResult = {
  requests: number;
  /** Completed requests per second over the measured duration. */
  rps: number;
  /** Exact percentiles in ms over the 2xx responses (autocannon's histogram rounds to whole ms). */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** One autocannon run on loopback: keep-alive connections, no pipelining. */
export async function runLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        duration: options.duration,
        connections: options.connections,
        pipelining: 1,
        headers: options.headers,
        overallRate: options.overallRate,
        ...(options.setupRequest ? { requests: [{ setupRequest: options.setupRequest as never }] } : {}),
      },
      (error: unknown, res: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
