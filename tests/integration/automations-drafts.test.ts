import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKFLOW_SETTINGS } from '../../server/automations/schema';
import { engine, linear } from './automations-helpers';

/** The builder's draft: settings saved with it, checked at the door, and "revert to published". */
describe('workflow drafts', { timeout: 60_000 }, () => {
  const window = { startHour: 9, endHour: 17, days: [1, 2, 3, 4, 5], timeZone: 'contact' as const };

  it('saves settings with the draft and refuses a sending window that ends at or before it starts, naming the field', async () => {
    const { api } = await engine({ start: false });
    const workflow = await api.automations.create({ name: 'Settings' });
    expect(workflow.settings).toEqual(DEFAULT_WORKFLOW_SETTINGS);
    const definition = linear([], [{ id: 'hello', type: 'send_sms', config: { body: 'Hi' } }]);
    const settings = { allowReenrollment: true, stopOnReply: false, unenrollOnGoal: false, sendingWindow: window };
    await api.automations.saveDraft({ id: workflow.id, definition, settings });
    expect((await api.automations.get({ id: workflow.id })).settings).toEqual(settings);

    for (const endHour of [9, 8]) {
      await expect(api.automations.saveDraft({ id: workflow.id, definition, settings: { ...settings, sendingWindow: { ...window, endHour } } })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'settings.sendingWindow.endHour: must be after the start hour',
      });
    }
    await expect(api.automations.saveDraft({ id: workflow.id, definition, settings: { ...settings, sendingWindow: { ...window, days: [] } } })).rejects.toMatchObject({
      message: 'settings.sendingWindow.days: needs at least one day',
    });
    // Refused saves changed nothing.
    expect((await api.automations.get({ id: workflow.id })).settings).toEqual(settings);
  });

  it('revert to published puts back the published steps and settings and clears the unpublished-changes flag', async () => {
    const { api } = await engine({ start: false });
    const workflow = await api.automations.create({ name: 'Revert' });
    await expect(api.automations.revertDraft({ id: workflow.id })).rejects.toMatchObject({ code: 'CONFLICT', message: 'This workflow has no published version to revert to' });

    const published = linear([], [{ id: 'hello', type: 'send_sms', config: { body: 'Hi' } }]);
    await api.automations.saveDraft({ id: workflow.id, definition: published, settings: { ...DEFAULT_WORKFLOW_SETTINGS, sendingWindow: window } });
    await api.automations.publish({ id: workflow.id });
    const edited = linear([], [{ id: 'tag', type: 'add_tag', config: { tag: 'later' } }]);
    const draft = await api.automations.saveDraft({ id: workflow.id, definition: edited, settings: { ...DEFAULT_WORKFLOW_SETTINGS, allowReenrollment: true } });
    expect(draft.hasUnpublishedChanges).toBe(true);
    expect(draft.definition.steps.map((s) => s.id)).toEqual(['tag']);

    const reverted = await api.automations.revertDraft({ id: workflow.id });
    expect(reverted.hasUnpublishedChanges).toBe(false);
    expect(reverted.publishedVersion).toBe(1);
    expect(reverted.definition.steps).toEqual(published.steps);
    expect(reverted.definition.edges).toEqual(published.edges);
    expect(reverted.settings).toEqual({ ...DEFAULT_WORKFLOW_SETTINGS, sendingWindow: window });
    expect(await api.automations.get({ id: workflow.id })).toEqual(reverted);
  });
});
