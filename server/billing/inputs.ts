import { z } from 'zod';
import { ZEmail } from '../auth/schema';
import { BILLING_INTERVALS, PLAN_KEYS, findPlan, type Plan } from '../plans/schema';

/**
 * Zod input schemas of the billing doors (REST and tRPC). They live apart from schema.ts, which is
 * the zod-free catalogue the public pages import.
 */

const ZMetadata = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String))
  .refine((m) => Object.keys(m).length <= 20, 'must have at most 20 keys')
  .optional()
  .default({});

export const ZBillingInterval = z.enum(BILLING_INTERVALS, { error: 'must be monthly or yearly' });

/** POST /api/create-payment-intent (spec §7): the amount must be the product's. */
export const ZCreatePaymentIntentInput = z.object({
  amount: z.number({ error: 'must be a number' }),
  metadata: ZMetadata,
});
export type TCreatePaymentIntentInput = z.input<typeof ZCreatePaymentIntentInput>;

const ZPlanName = z.string({ error: 'is required' }).transform((name, ctx): Plan => {
  const plan = findPlan(name);
  if (!plan) {
    ctx.addIssue({ code: 'custom', message: `is not a plan (one of ${PLAN_KEYS.join(', ')})` });
    return z.NEVER;
  }
  return plan;
});

/** POST /api/create-subscription (spec §7), with the billing interval the subscribe page chose. */
export const ZCreateSubscriptionInput = z.object({
  planName: ZPlanName,
  customerEmail: ZEmail,
  customerName: z.string({ error: 'is required' }).trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  metadata: ZMetadata,
  billing: ZBillingInterval.optional().default('monthly'),
});
export type TCreateSubscriptionInput = z.input<typeof ZCreateSubscriptionInput>;

export const ZChangePlanInput = z.object({
  plan: z.enum(PLAN_KEYS, { error: `must be one of ${PLAN_KEYS.join(', ')}` }),
  billing: ZBillingInterval,
});
export type TChangePlanInput = z.input<typeof ZChangePlanInput>;

/** GET /api/billing/provisioning?token=…: a missing token reads like a wrong one. */
export const ZProvisioningTokenInput = z.object({ token: z.string({ error: 'is not a valid link' }).min(20, 'is not a valid link').max(200, 'is not a valid link') });
