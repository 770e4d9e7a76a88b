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

/** A bench server child, once listening: its URL and the `key=value` words of the line that said so. */
export type ListeningChild = { url: string; said: Record<string, string>; stop(): Promise<void> };

/**
 * Starts a bench server child (`node --import tsx <entry>` in `cwd`, with `env` added) and waits
 * until it prints its `port=<n>` line (startMs at most: 30 s, or more for a child that seeds a workspace on a busy machine).
 */
export async function startListeningChild(entry: string, cwd: string, env: Record<string, string>, startMs = 30_000): Promise<ListeningChild> {
  const child = spawnTracked(process.execPath, ['--import', 'tsx', entry], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const errors = tail(child.stderr);
  try {
    const said = await new Promise<Record<string, string>>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`bench server did not start within ${startMs / 1000} s:\n${errors()}`)), startMs);
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => /(^| )port=\d+/.test(l));
        if (line) {
          clearTimeout(timer);
          resolve(
            Object.fromEntries(
              line
                .trim()
                .split(/\s+/)
                .map((word) => word.split('=', 2) as [string, string]),
            ),
          );
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`bench server exited (${code ?? signal}) before listening:\n${errors()}`));
      });
    });
    return { url: `http://127.0.0.1:${said.port}`, said, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}
