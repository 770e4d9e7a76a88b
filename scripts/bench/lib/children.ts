import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Every child process a bench starts, so none outlives the run: they are killed when the bench
 * finishes, throws, or is interrupted (SIGINT/SIGTERM), and synchronously on process exit.
 */
const children = new Set<ChildProcess>();
let installed = false;

function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of children) child.kill('SIGKILL');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  installCleanup();
  const child = spawn(command, args, options);
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.once('error', () => children.delete(child));
  return child;
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL after graceMs; resolves once the child is gone. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (hasExited(child)) {
    children.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child)));
}

/** Keeps the last maxChars of a stream for error messages. */
export function tail(stream: NodeJS.ReadableStream | null | undefined, maxChars = 4000): () => string {
  let text = '';
  stream?.on('data', (chunk: Buffer | string) => {
    text = (text + chunk.toString()).slice(-maxChars);
  });
  return () => text.trim();
}
