import { describe, expect, it } from 'vitest';
import '../../client/lib/zod-jitless';
import { z } from 'zod';
import { util } from 'zod/v4/core';

describe('the client runs zod without eval (the Content-Security-Policy allows none)', () => {
  it("sets zod's jitless option, so object schemas never probe for new Function", () => {
    expect(z.config().jitless).toBe(true);
    // The probe itself answers false without trying new Function under jitless.
    expect(util.allowsEval.value).toBe(false);
    expect(z.object({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
  });
});
