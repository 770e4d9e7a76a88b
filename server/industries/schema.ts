/**
 * Industry keys the industry landing pages pass to /signup (spec public-site §2.10), and how to say
 * them. Plain data without zod: the public pages import it without the validation library, and the
 * signup schema (server/auth/schema.ts) builds its rule from the same keys.
 */
export const INDUSTRIES = {
  dental_practice: 'dental practices',
  med_spa: 'medical spas',
  agency: 'agencies',
  business_coach: 'business coaches',
} as const;

export type Industry = keyof typeof INDUSTRIES;
export const INDUSTRY_KEYS = Object.keys(INDUSTRIES) as [Industry, ...Industry[]];
