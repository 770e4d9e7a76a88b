import { describe, expect, it } from 'vitest';
import { annualSavings, COMPETITOR_TIERS } from '../../client/content/price-lists';
import { PRICING_TEXTS } from '../../client/content/pricing';
import { findPlan, isDowngrade, limitMessage, lookupKeyOf, planOfLookupKey, PLANS, PLAN_KEYS, PRICING_PLAN_KEYS, SUBSCRIBE_PLAN_KEYS, yearlySaving } from '../../server/plans/schema';

describe('the plan catalogue (spec public-site §9)', () => {
  it("has the subscribe plans with their prices, original prices, limits and buttons (the buttons in the public site's texts)", () => {
    expect(SUBSCRIBE_PLAN_KEYS.map((k) => [PLANS[k].name, PLANS[k].monthlyPrice, PLANS[k].originalMonthlyPrice, PRICING_TEXTS.en.plans[k].buttonText])).toEqual([
      ['Starter', 97, 127, 'Start 14-Day Free Trial'],
      ['Unlimited', 297, 397, 'Start 14-Day Free Trial'],
      ['SaaS Pro', 497, 697, 'Contact Sales'],
    ]);
    expect(PLANS.starter.limits).toEqual({ contacts: 1000, members: 3, funnels: 3, websites: 1 });
    expect(PLANS.unlimited.limits).toEqual({ contacts: null, members: null, funnels: null, websites: null });
    expect(PLANS.saas_pro.limits).toEqual(PLANS.unlimited.limits);
  });

  it('has the pricing-page plans, yearly at twelve months minus the saving shown', () => {
    expect(PRICING_PLAN_KEYS.map((k) => [PLANS[k].name, PLANS[k].monthlyPrice, PLANS[k].yearlyPrice, yearlySaving(PLANS[k])])).toEqual([
      ['Professional', 1497, 14970, 2994],
      ['Enterprise', 3997, 39970, 7994],
      ['Enterprise Plus', 5688, 56880, 11376],
    ]);
    expect(PLANS.professional.limits).toMatchObject({ contacts: 25_000, members: 25 });
    expect(PLANS.enterprise).toMatchObject({ popular: true, limits: { contacts: 100_000 } });
    // 'Save 17%': two months of twelve.
    for (const key of PLAN_KEYS) expect(Math.round((yearlySaving(PLANS[key]) / (PLANS[key].monthlyPrice * 12)) * 100)).toBe(17);
  });

  it('finds plans by key or name, and maps lookup keys both ways', () => {
    expect(findPlan('Unlimited')?.key).toBe('unlimited');
    expect(findPlan(' saas pro ')?.key).toBe('saas_pro');
    expect(findPlan('enterprise_plus')?.name).toBe('Enterprise Plus');
    expect(findPlan('Platinum')).toBeUndefined();
    for (const key of PLAN_KEYS) expect(planOfLookupKey(lookupKeyOf(key, 'yearly'))).toEqual({ plan: key, interval: 'yearly' });
    expect(planOfLookupKey('switchboard_gold_monthly')).toBeUndefined();
    expect(planOfLookupKey(null)).toBeUndefined();
  });

  it('ranks plans by price for upgrades and downgrades, and words a reached limit once', () => {
    expect(isDowngrade('unlimited', 'starter')).toBe(true);
    expect(isDowngrade('starter', 'enterprise')).toBe(false);
    expect(limitMessage('starter', 'contacts')).toBe('Your Starter plan allows 1,000 contacts. Upgrade to add more.');
    expect(limitMessage('starter', 'members')).toBe('Your Starter plan allows 3 team members. Upgrade to add more.');
    expect(limitMessage('professional', 'contacts')).toBe('Your Professional plan allows 25,000 contacts. Upgrade to add more.');
  });
});

describe('the annual savings calculator (client/content/price-lists.ts)', () => {
  it('gives spec §9’s savings against the competitor: 360, 1,200, 2,400', () => {
    expect(COMPETITOR_TIERS.map((t) => annualSavings(t.competitorMonthly, PLANS[t.ourPlan].monthlyPrice))).toEqual([360, 1200, 2400]);
  });

  it('multiplies by whole accounts, never below one, and never saves a negative amount', () => {
    expect(annualSavings(397, 297, 3)).toBe(3600);
    expect(annualSavings(397, 297, 2.7)).toBe(2400);
    expect(annualSavings(397, 297, 0)).toBe(1200);
    expect(annualSavings(397, 297, Number.NaN)).toBe(1200);
    expect(annualSavings(97, 297)).toBe(0);
  });
});
