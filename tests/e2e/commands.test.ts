import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

/**
 * Headless Chromium has no offline recognizer: a scripted SpeechRecognition stands in, and the test
 * says a phrase by firing a final result on the instance the page started.
 */
function installFakeRecognition() {
  class FakeRecognition {
    continuous = false;
    interimResults = false;
    lang = '';
    onresult: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      (window as unknown as { __speech: FakeRecognition }).__speech = this;
    }
    stop() {
      this.onend?.();
    }
    say(transcript: string, confidence: number) {
      const result = Object.assign([{ transcript, confidence }], { isFinal: true });
      this.onresult?.({ resultIndex: 0, results: [result] });
    }
  }
  Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
}

const say = (page: Page, transcript: string, confidence = 0.93) =>
  page.evaluate(([text, level]) => (window as unknown as { __speech: { say(t: string, c: number): void } }).__speech.say(text as string, level as number), [transcript, confidence] as const);

async function createContact(page: Page, input: Record<string, unknown>): Promise<string> {
  const response = await trpcMutation(page, e2e, 'contacts.create', input);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
}

async function query<T>(page: Page, path: string, input: unknown): Promise<T> {
  return ((await (await trpcQuery(page, path, input)).json()) as { result: { data: T } }).result.data;
}

describe('voice command center', () => {
  it('tags a spoken contact hot-lead after a spoken yes, and books the call said with a time after a click', async () => {
    const { page } = await openSignedIn(e2e);
    await page.addInitScript(installFakeRecognition);
    const julian = await createContact(page, { firstName: 'Julian', lastName: 'Hughes', phone: '+14155550100' });
    await page.goto('/voice-center');
    await page.getByRole('heading', { level: 1, name: 'Voice Command Center' }).waitFor();
    await page.getByRole('button', { name: 'Listen' }).click();

    await say(page, 'add Julian Hughes to hot leads');
    await page.getByTestId('transcript').getByText('add Julian Hughes to hot leads').waitFor();
    await page.getByText('93%').waitFor();
    const plan = page.getByTestId('command-plan');
    await plan.getByText('Tag Julian Hughes hot-lead').waitFor();
    const toIntent = await page.evaluate(() => performance.getEntriesByName('voice-transcript-to-intent').at(-1)?.duration ?? -1);
    console.info(`voice: final transcript → intent in ${toIntent.toFixed(2)} ms`);
    await say(page, 'yes');
    await page.getByRole('status').getByText('Tagged Julian Hughes hot-lead').waitFor();
    await expect.poll(async () => (await query<{ tags: string[] }>(page, 'contacts.get', { id: julian })).tags).toEqual(['hot-lead']);

    await say(page, 'schedule a call with Julian tomorrow at 3 pm');
    await plan.getByText(/^Schedule a call with Julian Hughes on .*, 30 minutes$/).waitFor();
    expect((await query<{ items: unknown[] }>(page, 'appointments.search', { contactId: julian })).items).toEqual([]);
    await page.getByRole('group', { name: 'Confirm the command' }).getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByRole('status')
      .getByText(/^Scheduled "Call with Julian Hughes"/)
      .waitFor();
    const booked = await query<{ items: { title: string; startsAt: string }[] }>(page, 'appointments.search', { contactId: julian });
    expect(booked.items.map((a) => a.title)).toEqual(['Call with Julian Hughes']);

    const history = page.getByRole('list', { name: 'Command history' }).getByRole('listitem');
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.first().textContent()).toContain('schedule a call with Julian tomorrow at 3 pm');
  });

  it('says so when the browser has no speech recognition, and still runs a typed command', async () => {
    const { page } = await openSignedIn(e2e);
    await page.addInitScript(() => {
      delete (window as unknown as Record<string, unknown>).SpeechRecognition;
      delete (window as unknown as Record<string, unknown>).webkitSpeechRecognition;
    });
    await page.goto('/voice-center');
    await page.getByRole('alert').getByText('Voice recognition is not supported in your current browser. Please use Chrome, Safari, or Edge for the best experience.').waitFor();
    expect(await page.getByRole('button', { name: 'Listen' }).isDisabled()).toBe(true);
    await page.getByLabel('Type a command').fill('open the calendar');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/appointments$/);
  });
});

/** Opens the palette from the contacts list by keyboard, and has it find Julian Hughes as the name is typed. */
async function paletteFindingJulian(page: Page) {
  await page.goto('/contacts');
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  await page.keyboard.press('Control+K');
  const box = page.getByRole('combobox', { name: 'Search or type a command' });
  await box.fill('julian hu');
  await page.getByRole('option', { name: /Julian Hughes/ }).waitFor();
  return box;
}

describe('command palette', () => {
  it('finds a contact as you type and texts them after the message is written, keyboard only', async () => {
    const { page } = await openSignedIn(e2e);
    for (const [firstName, lastName] of [
      ['Julian', 'Hughes'],
      ['Julia', 'Roberts'],
      ['Ana', 'Lopez'],
    ]) {
      await createContact(page, { firstName, lastName, phone: `+1415555${String(Math.floor(Math.random() * 9000) + 1000)}` });
    }
    const box = await paletteFindingJulian(page);

    await box.fill('text Julian Hughes');
    await page.getByRole('option', { name: /text Julian Hughes.*asks before it runs/ }).waitFor();
    await page.keyboard.press('Enter');
    await page
      .getByTestId('command-plan')
      .getByText(/^Text Julian Hughes \(/)
      .waitFor();
    await page.getByLabel('Message').fill('See you at 3');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Texted Julian Hughes: "See you at 3"').waitFor();
  });

  it('finds a contact among 100,000 and makes a draft workflow from a template named in a command', async () => {
    const { page } = await openSignedIn(e2e);
    const julian = await createContact(page, { firstName: 'Julian', lastName: 'Hughes', phone: '+14155550100' });
    const { organization_id } = await e2e.db.selectFrom('contacts').select('organization_id').where('id', '=', julian).executeTakeFirstOrThrow();
    // 99,999 more, made by the database itself (names unlike Julian's: a search must find one among them all).
    await sql`insert into contacts (organization_id, first_name, last_name, email)
      select ${organization_id}::uuid, 'Person' || g, 'Number' || g, 'person' || g || '@example.com' from generate_series(1, 99999) as g`.execute(e2e.db);
    const box = await paletteFindingJulian(page);
    await box.fill('person54321');
    await page.getByRole('option', { name: /Person54321 Number54321/ }).waitFor();

    await box.fill('create an automation from the dental recall template');
    await page.getByRole('option', { name: /create an automation from the dental recall template.*asks before it runs/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('command-plan').getByText('Create a draft workflow from the Dental Recall template', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/automation\?id=/);
    await page.getByRole('status').getByText('Created the draft workflow "Dental Recall" from its template').waitFor();
    // The 99,999-row insert alone takes about 20 s on embedded PGlite on a quiet machine (each row keeps the search
    // indexes and the per-organization counts), and twice that beside another test worker.
  }, 150_000);
});
