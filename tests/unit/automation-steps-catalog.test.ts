import { describe, expect, it } from 'vitest';
import { catalog } from '../../server/automations/catalog';
import { ZStepBody } from '../../server/automations/schema';
import { withoutWebhookSecrets, withWebhookSecrets } from '../../server/automations/webhook-step';
import { adoptSecrets, type Draft } from '../../client/routes/_app/-components/automations/graph';

const SECRET = `whsec_${Buffer.from('thirty-two bytes of secret text!').toString('base64')}`;

describe('the new steps in the palette', () => {
  it('sit in the spec’s tabs: Delays, Assignments, Integrations, Custom Logic', () => {
    const { steps, tabs } = catalog();
    const tabOf = (key: string) => steps.find((s) => s.key === key)?.tab;
    expect([tabOf('wait_until'), tabOf('create_deal'), tabOf('move_deal'), tabOf('webhook'), tabOf('remove_from_workflow')]).toEqual([
      'Delays',
      'Assignments',
      'Assignments',
      'Integrations',
      'Custom Logic',
    ]);
    expect(tabs).toContain('Integrations');
    expect(steps.find((s) => s.key === 'webhook')!.fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['url', 'url', true],
      ['secret', 'secret', false],
    ]);
  });

  it('name the field and the rule for bad configs', () => {
    const issues = (type: string, config: unknown) => {
      const parsed = ZStepBody.safeParse({ type, config });
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues('wait_until', { time: '24:00', days: [1, 1] })).toEqual(['config.time: must be a time of day HH:MM (00:00 to 23:59)', 'config.days: names a day twice']);
    expect(issues('create_deal', { title: ' ', value: -1 })).toEqual(['config.title: is required', 'config.value: must be 0 or more']);
    expect(issues('webhook', { url: 'https://x.example', secret: 'nope' })).toEqual(['config.secret: must be a whsec_ signing secret']);
    expect(issues('remove_from_workflow', {})).toEqual(['config.workflowId: must be a workflow id']);
  });
});

describe('webhook step secrets', () => {
  const definition = (config: Record<string, unknown>) => ({
    steps: [
      { id: 'hook', type: 'webhook', config },
      { id: 'tag', type: 'add_tag', config: { tag: 'x' } },
    ],
  });

  it('a save keeps the stored secret of the same step, else makes one; other steps are untouched', () => {
    const kept = withWebhookSecrets(definition({ url: 'https://a.example' }), definition({ url: 'https://a.example', secret: SECRET }));
    expect(kept.steps[0]!.config).toEqual({ url: 'https://a.example', secret: SECRET });
    const made = withWebhookSecrets(definition({ url: 'https://a.example' }), null);
    expect((made.steps[0]!.config as { secret: string }).secret).toMatch(/^whsec_/);
    expect((made.steps[0]!.config as { secret: string }).secret).not.toBe(SECRET);
    expect(made.steps[1]).toEqual({ id: 'tag', type: 'add_tag', config: { tag: 'x' } });
    expect(withoutWebhookSecrets(kept).steps[0]!.config).toEqual({ url: 'https://a.example' });
  });

  it('the builder’s draft takes the secret a save made, once, keeping the same draft when nothing is new', () => {
    const draft: Draft = { version: 1, triggers: [], steps: [{ id: 'hook', type: 'webhook', config: { url: 'https://a.example' } }], edges: [{ from: 'start', to: 'hook' }], layout: {} };
    const adopted = adoptSecrets(draft, { steps: [{ id: 'hook', type: 'webhook', config: { url: 'https://a.example', secret: SECRET } }] });
    expect(adopted.steps[0]!.config).toEqual({ url: 'https://a.example', secret: SECRET });
    expect(adopted.edges).toBe(draft.edges);
    expect(adoptSecrets(adopted, { steps: [{ id: 'hook', type: 'webhook', config: { url: 'https://a.example', secret: SECRET } }] })).toBe(adopted);
  });
});
