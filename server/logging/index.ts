import { pino, type Logger } from 'pino';
import type { Config } from '../config';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  return pino({
    level: config.logLevel,
    base: undefined,
    // Stack traces go to the log, never to the client.
    serializers: { err: pino.stdSerializers.err },
  });
}
