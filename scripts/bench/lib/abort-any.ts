/**
 * Child process (node --expose-gc): what AbortSignal.any costs on this Node, as tRPC's fetch
 * handler uses it, once per call, combining the request's signal with a fresh controller's.
 * One call per event-loop turn (as under HTTP load), compared with the same loop minus the
 * AbortSignal.any call; wall and CPU time include the GC work the calls cause. Prints JSON.
 */
export {};

const TURNS = Number(process.env.ABORT_BENCH_TURNS ?? 20_000);
const ROUNDS = 3;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

let sink = 0;
function baseline(): void {
  const request = new AbortController();
  const own = new AbortController();
  if (request.signal.aborted || own.signal.aborted) sink++;
}
function withAny(): void {
  const request = new AbortController();
  const own = new AbortController();
  if (AbortSignal.any([request.signal, own.signal]).aborted) sink++;
}

async function series(fn: () => void): Promise<{ wallMicros: number; cpuMicros: number }> {
  globalThis.gc?.();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < TURNS; i++) {
    fn();
    await nextTurn();
  }
  const wall = (performance.now() - t0) * 1000;
  const cpu = process.cpuUsage(cpu0);
  return { wallMicros: wall / TURNS, cpuMicros: (cpu.user + cpu.system) / TURNS };
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Warm both paths up, then alternate to spread drift evenly.
await series(baseline);
await series(withAny);
const base: { wallMicros: number; cpuMicros: number }[] = [];
const any: { wallMicros: number; cpuMicros: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  base.push(await series(baseline));
  any.push(await series(withAny));
}

// Memory: does anything stay reachable after many calls and a full GC?
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
for (let i = 0; i < 100_000; i++) {
  withAny();
  if (i % 1000 === 0) await nextTurn();
}
await nextTurn();
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, 50));
globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed;

process.stdout.write(
  JSON.stringify({
    node: process.version,
    turns: TURNS,
    wallMicrosPerCall: median(any.map((r) => r.wallMicros)) - median(base.map((r) => r.wallMicros)),
    cpuMicrosPerCall: median(any.map((r) => r.cpuMicros)) - median(base.map((r) => r.cpuMicros)),
    baselineWallMicrosPerTurn: median(base.map((r) => r.wallMicros)),
    retainedBytesPer100k: heapAfter - heapBefore,
    gcExposed: typeof globalThis.gc === 'function',
    sink,
  }) + '\n',
);
