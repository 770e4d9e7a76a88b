import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError, ERROR_TABLE, errorBody, parseInput } from '../../server/errors';

describe('the error table', () => {
  it('maps every code to a tRPC code and an HTTP status', () => {
    for (const [code, entry] of Object.entries(ERROR_TABLE)) {
      expect(entry.http, code).toBeGreaterThanOrEqual(400);
      expect(entry.trpc, code).toMatch(/^[A-Z_]+$/);
    }
    expect(new DomainError('NOT_FOUND', 'x').httpStatus).toBe(404);
    expect(new DomainError('PAYMENT_REQUIRED', 'x').httpStatus).toBe(402);
  });

  it('turns a zod failure into a validation error naming the field and rule', () => {
    const schema = z.object({ email: z.email('must be a valid e-mail address') });
    try {
      parseInput(schema, { email: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const domain = error as DomainError;
      expect(domain.code).toBe('VALIDATION');
      expect(errorBody(domain)).toEqual({
        message: 'email: must be a valid e-mail address',
        issues: [{ path: 'email', message: 'must be a valid e-mail address' }],
      });
    }
  });
});
