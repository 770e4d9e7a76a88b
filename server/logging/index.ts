import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';

export type { Logger };

/** What every log line written while serving one request carries. */
type RequestLogContext = { reqId: string; organizationId?: string };

const requestContext = new AsyncLocalStorage<RequestLogContext>();

/** Runs a request's handling with its id attached to every log line written meanwhile, by any module. */
export function withRequestLogContext<T>(reqId: string, run: () => T): T {
  return requestContext.run({ reqId }, run);
}

/** Adds the caller's organization to the current request's log lines once auth has resolved it. */
export function noteLogOrganization(organizationId: string | undefined): void {
  const context = requestContext.getStore();
  if (context && organizationId) context.organizationId = organizationId;
}

/** A pino logger to stdout (or `destination`: tests read the lines). */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: undefined,
      // Stack traces go to the log, never to the client.
      serializers: { err: pino.stdSerializers.err },
      // A per-request child logger without passing one around: services log through deps.logger.
      mixin: () => ({ ...requestContext.getStore() }),
    },
    destination,
  );
}
