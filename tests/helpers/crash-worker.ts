import { spawn } from 'node:child_process';
import { onTestFinished } from 'vitest';

/** Rows by status, as a crash test's worker prints them (tests/helpers/worker-process.ts). */
export type StatusCounts<S extends string> = Partial<Record<S, number>>;

/**
 * The crash tests' kill -9: runs a worker script (`node --import tsx <script> …args`) that prints a
 * JSON line of status counts every 50 ms, kills it with SIGKILL as soon as a line meets `killWhen`,
 * and answers that line once the process is gone. A worker that ends on its own fails the test.
 */
export async function killWorkerWhen<S extends string>(script: string, args: string[], killWhen: (counts: StatusCounts<S>) => boolean): Promise<StatusCounts<S>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  onTestFinished(() => {
    child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const atKill = await new Promise<StatusCounts<S>>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const counts = JSON.parse(line) as StatusCounts<S>;
        if (killWhen(counts)) {
          child.kill('SIGKILL');
          resolve(counts);
          return;
        }
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`the worker process ended before the kill (${code ?? signal}): ${stderr}`)));
  });
  await exited;
  return atKill;
}
