import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { Context, MiddlewareHandler } from 'hono';
import { TRPC_ENDPOINT } from './trpc';

export const KB = 1024;
export const MB = 1024 * KB;

/** "1 MB", "64 KB", "10.25 MB". */
export function formatLimit(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(2))} MB`;
  if (bytes >= KB) return `${Number((bytes / KB).toFixed(2))} KB`;
  return `${bytes} bytes`;
}

/** The one message of a refused body. */
export const bodyTooLargeMessage = (limit: number) => `The request body is larger than ${formatLimit(limit)}, the limit of this path`;

function tooLarge(c: Context, limit: number) {
  const message = bodyTooLargeMessage(limit);
  // On /trpc the same answer also carries tRPC's error envelope, so its client shows the message (every call of a batch gets it).
  const trpc = c.req.path.startsWith(`${TRPC_ENDPOINT}/`) ? { error: { message, code: TRPC_ERROR_CODES_BY_KEY.PAYLOAD_TOO_LARGE, data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } } } : {};
  // The rest of the body is not wanted: the connection closes after the answer instead of draining it.
  return c.json({ message, ...trpc }, 413, { Connection: 'close' });
}

/**
 * Bounds every request body while it is read, to the limit `limitFor` gives its path (the app's
 * table is server/body-limits.ts). A declared Content-Length over the limit is refused
 * before a byte is read; otherwise the bytes are counted as they arrive (a missing or lying
 * Content-Length changes nothing) and the request is refused as soon as they pass the limit, so at
 * most `limit` bytes are ever held. What passes is handed on as a buffered body of the size read.
 */
export function bodyLimits(limitFor: (path: string) => number): MiddlewareHandler {
  return async function bodyLimit(c, next) {
    // GET and HEAD have no body; not touching `raw.body` keeps node-server's lightweight request.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const limit = limitFor(c.req.path);
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^\d+$/.test(declared.trim()) && Number(declared) > limit) return tooLarge(c, limit);

    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // The reader is left as it is: node-server drains or closes the connection after the answer.
      if (size > limit) return tooLarge(c, limit);
      chunks.push(value);
    }
    const bytes = concat(chunks, size);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('transfer-encoding');
    headers.set('content-length', String(size));
    c.req.raw = new Request(c.req.raw, { body: bytes, headers });
    return next();
  };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
