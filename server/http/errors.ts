import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { DomainError, errorBody, validationError } from '../errors';
import type { AppEnv } from './env';

/** The HTTP side of the one error table: domain errors keep their status, anything else is a logged 500. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  const domain = err instanceof ZodError ? validationError(err) : err instanceof DomainError ? err : undefined;
  if (domain) {
    if (domain.retryAfter !== undefined) c.header('Retry-After', String(domain.retryAfter));
    return c.json(errorBody(domain), domain.httpStatus);
  }
  if (err instanceof HTTPException) {
    return c.json({ message: err.message || 'Request failed' }, err.status);
  }
  const requestId = c.get('requestId');
  c.get('deps')?.logger.error({ err, reqId: requestId, method: c.req.method, path: c.req.path }, 'unexpected error');
  return c.json({ message: 'Internal error', requestId }, 500);
};
