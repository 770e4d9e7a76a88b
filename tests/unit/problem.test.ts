import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_TABLE, fieldError } from '../../server/errors';
import { PROBLEM_TITLES, problemOf, problemType } from '../../server/http/problem';

describe('problemOf (RFC 9457 problem details of /api/v1)', () => {
  it('names the thrown code, keeps the message, issues and other members', () => {
    const error = fieldError('email', 'must be an e-mail address');
    expect(problemOf(400, { message: error.message, issues: error.issues, details: { hint: 1 } }, error)).toEqual({
      type: 'https://switchboard.dev/problems/validation',
      title: 'Invalid input',
      status: 400,
      detail: 'email: must be an e-mail address',
      errors: [{ field: 'email', message: 'must be an e-mail address' }],
      message: 'email: must be an e-mail address',
      issues: [{ path: 'email', message: 'must be an e-mail address' }],
      details: { hint: 1 },
    });
  });

  it('reads a code behind a tRPC error, and falls back to the status when the thrown code is not the answer’s', () => {
    const wrapped = Object.assign(new Error('wrapped'), { cause: new DomainError('BAD_REQUEST', 'no') });
    expect(problemOf(400, { message: 'no' }, wrapped).type).toBe('https://switchboard.dev/problems/bad-request');
    expect(problemOf(500, { message: 'Internal error', requestId: 'r1' }, new DomainError('CONFLICT', 'x'))).toMatchObject({
      type: 'https://switchboard.dev/problems/internal',
      status: 500,
      requestId: 'r1',
    });
  });

  it('types HTTP’s own refusals, a text body, and an unknown status as about:blank', () => {
    expect(problemOf(405, { message: 'PUT is not allowed' })).toMatchObject({ type: problemType('METHOD_NOT_ALLOWED'), title: 'Method not allowed', detail: 'PUT is not allowed' });
    expect(problemOf(413, 'too big')).toMatchObject({ type: 'https://switchboard.dev/problems/payload-too-large', detail: 'too big', message: 'too big', errors: [] });
    expect(problemOf(418, '')).toEqual({ type: 'about:blank', title: 'HTTP 418', status: 418, detail: 'HTTP 418', errors: [], message: 'HTTP 418' });
  });

  it('titles every code of the one error table', () => {
    for (const code of Object.keys(ERROR_TABLE)) expect(PROBLEM_TITLES[code as keyof typeof ERROR_TABLE], code).toBeTruthy();
  });
});
