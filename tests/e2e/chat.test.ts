import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import ar from '../../client/i18n/ar.json';
import en from '../../client/i18n/en.json';
import { BOT_REPLIES, CHAT_QUICK_REPLIES, CHAT_WELCOME } from '../../server/chat/schema';
import { newAccount, openSignedIn, type Account } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { injectAxe } from './helpers/axe';

const e2e = useE2E();

/**
 * The widget records analytics events; their endpoint (POST /api/analytics/events) comes with the
 * public site's analytics, and a batch sent before then is answered 404, which the browser logs.
 */
const ANALYTICS_BATCH = /\/api\/analytics\/events/;

let siteOwner: Promise<Account> | undefined;

/** The site owner: the first organization created on the server receives the chats. */
function ensureSiteOwner(): Promise<Account> {
  siteOwner ??= (async () => {
    const account = newAccount({ name: 'Sam Support' });
    const response = await fetch(`${e2e.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    if (response.status !== 201) throw new Error(`owner sign-up: ${response.status} ${await response.text()}`);
    return account;
  })();
  return siteOwner;
}

/** The owner signed in, in a browser context of their own. */
async function openAsOwner(): Promise<Page> {
  const owner = await ensureSiteOwner();
  const page = await e2e.open({ allowErrors: [ANALYTICS_BATCH] });
  const response = await page.request.post('/api/auth/login', { data: { email: owner.email, password: owner.password }, headers: { Origin: e2e.url } });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}

/** The widget's labels in English (the chrome catalog), which the locators below find it by. */
const labels = en.chat;
const widget = (page: Page, name = labels.region) => page.getByRole('region', { name });
const messages = (page: Page) => widget(page).getByRole('log', { name: labels.messages });
const quickReplies = (page: Page) => widget(page).getByRole('group', { name: labels.quickReplies });
const typing = (page: Page) => widget(page).getByRole('status', { name: 'Switchboard Support is typing' });
const messageBox = (page: Page) => widget(page).getByRole('textbox', { name: labels.message });
/** The visitor's own message as the widget shows it (screen readers hear "You:" before it). */
const sentLine = (page: Page, text: string) => messages(page).getByText(`You: ${text}`, { exact: true });

/** axe-core's serious and critical findings inside the open widget ("rule: elements"). */
async function widgetAccessibilityViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run({ include: [['section[aria-label="Live chat"]']] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function openWidget(page: Page): Promise<void> {
  await page.getByRole('button', { name: labels.open }).click();
  await widget(page).getByText(labels.online, { exact: true }).waitFor();
}

describe('support chat widget', () => {
  it('opens from the round button; quick replies until the first message; the keyword reply after 1.5–2.5 s; empty messages ignored', async () => {
    await ensureSiteOwner();
    const page = await e2e.open({ allowErrors: [ANALYTICS_BATCH] });
    await page.clock.install({ time: new Date('2026-11-21T09:00:00Z') });
    await page.goto('/pricing');
    const button = page.getByRole('button', { name: 'Open live chat' });
    await button.waitFor();
    await openWidget(page);
    // From here no timer runs unless the test moves the clock.
    await page.clock.pauseAt(new Date('2026-11-21T10:00:00Z'));

    expect(await widget(page).getByRole('heading', { name: labels.title }).isVisible()).toBe(true);
    expect((await widget(page).boundingBox())!.height).toBe(600);
    expect(await messages(page).getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(CHAT_WELCOME.en)]);
    expect(await quickReplies(page).getByRole('button').allInnerTexts()).toEqual([...CHAT_QUICK_REPLIES.en]);
    expect(await widget(page).getByText(labels.repliesNote).isVisible()).toBe(true);
    expect(await widget(page).getByText(labels.privacyNote).isVisible()).toBe(true);

    // Whitespace only: nothing is sent, nothing changes.
    await messageBox(page).fill('   ');
    await messageBox(page).press('Enter');
    await widget(page).getByRole('button', { name: 'Send message' }).click();
    expect(await messages(page).getByRole('listitem').count()).toBe(1);
    expect(await quickReplies(page).isVisible()).toBe(true);

    // A quick reply is sent as a message; the quick replies go; the agent types.
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/chat/messages') && r.status() === 201);
    await quickReplies(page).getByRole('button', { name: 'Feature demo' }).click();
    await stored;
    await sentLine(page, 'Feature demo').waitFor();
    expect(await quickReplies(page).count()).toBe(0);
    expect(await typing(page).isVisible()).toBe(true);
    await page.clock.runFor(1499);
    expect(await messages(page).getByText(BOT_REPLIES.en.demo).count()).toBe(0);
    await page.clock.runFor(1001);
    await messages(page).getByText(BOT_REPLIES.en.demo).waitFor();
    expect(await typing(page).count()).toBe(0);

    // A typed message: Enter sends it and clears the box; its keyword picks the reply.
    const typed = page.waitForResponse((r) => r.url().endsWith('/api/chat/messages') && r.status() === 201);
    await messageBox(page).fill('  How much is the price?  ');
    await messageBox(page).press('Enter');
    await typed;
    expect(await messageBox(page).inputValue()).toBe('');
    await sentLine(page, 'How much is the price?').waitFor();
    await page.clock.runFor(2500);
    await messages(page).getByText(BOT_REPLIES.en.billing).waitFor();

    // The conversation is stored: after a reload it is all there, without quick replies.
    await page.reload();
    await page.clock.resume();
    await openWidget(page);
    await messages(page).getByText(BOT_REPLIES.en.billing).waitFor();
    expect(await messages(page).getByRole('listitem').count()).toBe(5);
    expect(await quickReplies(page).count()).toBe(0);
  });

  it('is accessible, minimises to its header, restores to the full panel, and closes back to the button', async () => {
    await ensureSiteOwner();
    const page = await e2e.open({ allowErrors: [ANALYTICS_BATCH] });
    await page.goto('/login');
    await openWidget(page);
    // axe-core runs on timers, so this test keeps the real clock.
    expect(await widgetAccessibilityViolations(page)).toEqual([]);
    await quickReplies(page).getByRole('button', { name: 'Getting started help' }).click();
    await messages(page).getByText(BOT_REPLIES.en.onboarding).waitFor();
    expect(await widgetAccessibilityViolations(page)).toEqual([]);

    await widget(page).getByRole('button', { name: 'Minimise chat' }).click();
    await messages(page).waitFor({ state: 'detached' });
    expect(await messageBox(page).count()).toBe(0);
    expect(await widget(page).getByRole('heading', { name: labels.title }).isVisible()).toBe(true);
    expect((await widget(page).boundingBox())!.height).toBeLessThan(100);

    await widget(page).getByRole('button', { name: 'Restore chat' }).click();
    await messages(page).waitFor();
    expect((await widget(page).boundingBox())!.height).toBe(600);

    await widget(page).getByRole('button', { name: 'Close chat' }).click();
    await page.getByRole('button', { name: 'Open live chat' }).waitFor();
    expect(await widget(page).count()).toBe(0);
  });

  it('speaks Arabic to an Arabic visitor: labels, right-to-left panel at the inline end, the welcome and a keyword reply in Arabic', async () => {
    await ensureSiteOwner();
    const page = await e2e.open({ allowErrors: [ANALYTICS_BATCH] });
    await page.goto('/ar');
    const button = page.getByRole('button', { name: ar.chat.open });
    await button.waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // The inline end of a right-to-left page is its left: the button sits bottom left.
    const width = page.viewportSize()!.width;
    expect((await button.boundingBox())!.x).toBeLessThan(width / 2);

    await button.click();
    const panel = widget(page, ar.chat.region);
    await panel.getByText(ar.chat.online, { exact: true }).waitFor();
    expect(await panel.getByRole('heading', { name: ar.chat.title }).isVisible()).toBe(true);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeLessThan(width / 2);
    expect(await panel.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    const log = panel.getByRole('log', { name: ar.chat.messages });
    expect(await log.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(CHAT_WELCOME.ar)]);
    expect(await panel.getByRole('group', { name: ar.chat.quickReplies }).getByRole('button').allInnerTexts()).toEqual([...CHAT_QUICK_REPLIES.ar]);
    for (const label of [ar.chat.minimise, ar.chat.close, ar.chat.send]) expect(await panel.getByRole('button', { name: label }).isVisible(), label).toBe(true);
    expect(await panel.getByRole('textbox', { name: ar.chat.message }).getAttribute('placeholder')).toBe(ar.chat.placeholder);

    // A keyword in Arabic, sent with the visitor's language: the reply is the Arabic one.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/chat/messages') && r.method() === 'POST');
    await panel.getByRole('textbox', { name: ar.chat.message }).fill('كم أسعار الخطط؟');
    await panel.getByRole('button', { name: ar.chat.send }).click();
    expect((await sent).postDataJSON()).toMatchObject({ text: 'كم أسعار الخطط؟', language: 'ar' });
    await log.getByText(`${ar.chat.you} كم أسعار الخطط؟`, { exact: true }).waitFor();
    expect(await panel.getByRole('status', { name: ar.chat.typing.replace('{{name}}', ar.chat.title) }).isVisible()).toBe(true);
    await log.getByText(BOT_REPLIES.ar.billing).waitFor();
    // The conversation was stored in Arabic: after a reload its welcome and reply are the Arabic ones.
    await page.reload();
    await page.getByRole('button', { name: ar.chat.open }).click();
    await log.getByText(BOT_REPLIES.ar.billing).waitFor();
    expect(await log.getByRole('listitem').first().innerText()).toContain(CHAT_WELCOME.ar);

    // The team sees that this visitor writes in Arabic, and replies in it: right to left, Arabic spelling.
    const member = await openAsOwner();
    await member.goto('/conversations');
    const row = member.getByRole('link', { name: new RegExp(BOT_REPLIES.ar.billing.slice(0, 20)) }).first();
    await row.getByText('Arabic', { exact: true }).waitFor();
    await row.click();
    await member.getByText('Writes in Arabic', { exact: true }).waitFor();
    const question = member.getByRole('list', { name: 'Messages' }).getByText('كم أسعار الخطط؟', { exact: true });
    expect(await question.getAttribute('lang')).toBe('ar');
    const reply = member.getByRole('textbox', { name: 'Reply' });
    expect([await reply.getAttribute('lang'), await reply.getAttribute('dir')]).toEqual(['ar', 'auto']);
  });

  it("shows a visitor's chat live in the team's inbox, and the team's reply live in the open widget", async () => {
    const member = await openAsOwner();
    await member.goto('/conversations');
    await member.getByRole('heading', { level: 1, name: 'Conversations' }).waitFor();

    const visitor = await e2e.open({ allowErrors: [ANALYTICS_BATCH] });
    await visitor.goto('/');
    await openWidget(visitor);
    await messageBox(visitor).fill('Technical support please, my dashboard is stuck');
    await messageBox(visitor).press('Enter');
    await messages(visitor).getByText(BOT_REPLIES.en.handoff).waitFor();

    // The inbox hears of it without a reload, marked unread; the row shows the latest message.
    const row = member.getByRole('link', { name: 'A member of our team will reply right here shortly' });
    await row.waitFor();
    expect(await row.getByText('Unread').count()).toBe(1);
    await row.click();
    const thread = member.getByRole('region', { name: 'Website visitor' });
    await thread.getByText('Technical support please, my dashboard is stuck').waitFor();
    await row.getByText('Unread').waitFor({ state: 'detached' });

    await member.getByRole('textbox', { name: 'Reply' }).fill('Hi! Sam here — try a hard refresh, I can stay on the line.');
    await member.getByRole('button', { name: 'Send reply' }).click();
    await messages(visitor).getByText('Hi! Sam here — try a hard refresh, I can stay on the line.').waitFor();
    expect(await messages(visitor).getByText('Sam Support', { exact: false }).count()).toBeGreaterThan(0);
  });

  it('turns an e-mail address left in the chat into a contact', async () => {
    const email = `chat-visitor-${Date.now()}@example.test`;
    const visitor = await e2e.open({ allowErrors: [ANALYTICS_BATCH] });
    await ensureSiteOwner();
    await visitor.goto('/tutorials');
    await openWidget(visitor);
    await messageBox(visitor).fill(`Please follow up at ${email}`);
    await messageBox(visitor).press('Enter');
    await messages(visitor).getByText(BOT_REPLIES.en.email(email)).waitFor();

    const member = await openAsOwner();
    await member.goto('/conversations');
    await member.getByRole('link', { name: new RegExp(email) }).click();
    await member.getByRole('link', { name: 'Open contact' }).click();
    await member.waitForURL(/\/contacts\/[0-9a-f-]{36}$/);
    await member.getByText(email).first().waitFor();
  });

  it("a signed-in user's message from inside the app reaches the inbox with who they are (issue #14)", async () => {
    await ensureSiteOwner();
    const customer = newAccount({ name: 'Grace Customer', organizationName: 'Hopper Dental' });
    const { page } = await openSignedIn(e2e, { allowErrors: [ANALYTICS_BATCH] }, customer);
    await page.goto('/app');
    await openWidget(page);
    const question = `How do I import contacts? ${Date.now()}`;
    await messageBox(page).fill(question);
    await messageBox(page).press('Enter');
    await sentLine(page, question).waitFor();

    const member = await openAsOwner();
    await member.goto('/conversations');
    await member
      .getByRole('link', { name: /Grace Customer/ })
      .first()
      .click();
    const thread = member.getByRole('region', { name: 'Grace Customer' });
    await thread.getByText(question).waitFor();
    const account = thread.getByTestId('chat-account');
    await account.getByText('Signed in', { exact: true }).waitFor();
    expect(await account.innerText()).toContain(`${customer.email} · Hopper Dental`);
  });
});
