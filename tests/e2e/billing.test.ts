import { describe, expect, it } from 'vitest';
import { openSignedIn } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { PLANS, PRICING_PLAN_KEYS } from '../../server/plans/schema';

const e2e = useE2E();
const NOT_CONFIGURED = 'Payments are not configured on this server';

describe('pricing and subscribing (the e2e server has no Stripe keys)', () => {
  it('toggles monthly and yearly prices, and a plan button opens /subscribe with that plan and period chosen', async () => {
    const page = await e2e.open();
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    const professional = page.getByTestId('price-professional');
    expect(await professional.textContent()).toBe('$1,497');
    await page.getByRole('radio', { name: /Yearly/ }).click();
    await expect.poll(() => professional.textContent()).toBe('$14,970');
    expect(await page.getByTestId('price-enterprise').textContent()).toBe('$39,970');
    await page.getByText('Save 17%').first().waitFor();
    // The plans side by side, from the catalogue.
    const planNames = PRICING_PLAN_KEYS.map((k) => PLANS[k].name);
    const compare = page.getByRole('region', { name: 'Compare plans' }).getByRole('table');
    expect(await compare.getByRole('columnheader').allInnerTexts()).toEqual(['Feature', ...planNames]);
    expect(
      await compare
        .getByRole('row', { name: /^Price per month/ })
        .getByRole('cell')
        .allInnerTexts(),
    ).toEqual(PRICING_PLAN_KEYS.map((k) => `$${PLANS[k].monthlyPrice.toLocaleString('en-US')}`));

    await page.getByRole('link', { name: 'Get Started with Enterprise' }).click();
    await page.getByRole('heading', { level: 1, name: 'Subscribe to Switchboard' }).waitFor();
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('plan'), url.searchParams.get('billing')]).toEqual(['/subscribe', 'enterprise', 'yearly']);
    await page.getByRole('heading', { level: 2, name: 'Enterprise, yearly' }).waitFor();
    expect(await page.getByRole('button', { name: 'Selected: Enterprise' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('price-enterprise').textContent()).toBe('$39,970');
    const limits = page.getByRole('region', { name: 'What each plan includes' }).getByRole('table');
    expect(await limits.getByRole('columnheader').allInnerTexts()).toEqual(['Limit', ...planNames]);
    expect(
      await limits
        .getByRole('row', { name: /^Contacts/ })
        .getByRole('cell')
        .count(),
    ).toBe(planNames.length);
  });

  it('falls back to Unlimited, monthly for a plan or period it does not know, and remembers the plan chosen', async () => {
    const page = await e2e.open();
    await page.goto('/subscribe?plan=platinum&billing=weekly');
    await page.getByRole('heading', { level: 2, name: 'Unlimited, monthly' }).waitFor();
    await page.getByRole('button', { name: 'Start 14-Day Free Trial with Starter' }).click();
    await page.getByRole('heading', { level: 2, name: 'Starter, monthly' }).waitFor();
    expect(new URL(page.url()).searchParams.get('plan')).toBe('starter');
    expect(await page.evaluate(() => sessionStorage.getItem('selectedPlan'))).toBe('Starter');
  });

  it('needs a name and an e-mail, then says payments are not configured instead of loading forever', async () => {
    const page = await e2e.open();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/create-')) calls.push(request.url());
    });
    await page.goto('/subscribe?plan=starter&billing=monthly');
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByRole('button', { name: 'Continue to payment' }).click();
    await details.getByText('Full name is required').waitFor();
    await details.getByText('E-mail is required').waitFor();
    expect(calls).toEqual([]);

    await details.getByLabel('Full name').fill('Grace Hopper');
    await details.getByLabel('E-mail').fill('grace@example.test');
    await details.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('alert').filter({ hasText: NOT_CONFIGURED }).waitFor();
    expect(await page.getByText('Loading payment form...').count()).toBe(0);
    expect(calls).toEqual([]);
  });

  it('the $99 checkout says payments are not configured', async () => {
    const page = await e2e.open();
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('alert').filter({ hasText: NOT_CONFIGURED }).waitFor();
    expect(await page.getByText('Loading payment form...').count()).toBe(0);
  });

  it('the comparison page computes the annual savings', async () => {
    const page = await e2e.open();
    await page.goto('/pricing-comparison');
    const savings = page.getByTestId('annual-savings');
    expect(await savings.textContent()).toBe('$1,200');
    await page.getByLabel('Accounts or locations').fill('3');
    await expect.poll(() => savings.textContent()).toBe('$3,600');
    await page.getByLabel('Your business').selectOption('agency');
    await expect.poll(() => savings.textContent()).toBe('$7,200');
  });

  it('Settings → Billing shows the plan, the trial and usage from the database', async () => {
    const { page } = await openSignedIn(e2e);
    await page.goto('/settings/billing');
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    await plan.getByText('Unlimited').first().waitFor();
    await plan.getByText('14 days left', { exact: false }).waitFor();
    await plan.getByText(`${NOT_CONFIGURED}. Plans and limits are not enforced here.`).waitFor();
    const usage = page.getByRole('table', { name: 'Usage against limits' });
    expect(await usage.getByRole('row').nth(2).textContent()).toBe('Team members1Unlimited');
  });
});
