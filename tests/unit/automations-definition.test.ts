import { describe, expect, it } from 'vitest';
import { definitionIssues, nextStep, parseDefinition } from '../../server/automations/definition';
import { TEMPLATES } from '../../server/automations/templates';
import { catalog } from '../../server/automations/catalog';
import { ZStepBody, ZTrigger, PALETTE_TABS } from '../../server/automations/schema';
import { bucketOf, renderText, testConditions, type ContactSnapshot } from '../../server/automations/contact-state';
import { nextOpening } from '../../server/automations/window';

const step = (id: string, type = 'add_tag', config: Record<string, unknown> = { tag: 'x' }) => ({ id, type, config });

describe('workflow definitions', () => {
  it('accepts a linear graph and follows it', () => {
    const def = parseDefinition({
      version: 1,
      triggers: [],
      steps: [step('a'), step('b')],
      edges: [
        { from: 'start', to: 'a' },
        { from: 'a', to: 'b' },
      ],
    });
    expect(nextStep(def, 'start')).toBe('a');
    expect(nextStep(def, 'a')).toBe('b');
    expect(nextStep(def, 'b')).toBeNull();
  });

  it('names the step and field of each problem', () => {
    const paths = (input: unknown) => definitionIssues(input).map((i) => `${i.path}: ${i.message}`);
    expect(paths({ version: 1, triggers: [], steps: [step('a', 'send_sms', {})], edges: [{ from: 'start', to: 'a' }] })).toEqual(['definition.steps.a.config.body: is required']);
    expect(paths({ version: 1, triggers: [], steps: [step('a')], edges: [{ from: 'start', to: 'b' }] })).toEqual(['definition.edges.0.to: names no step (b)']);
    expect(paths({ version: 1, triggers: [], steps: [step('a'), step('b')], edges: [{ from: 'start', to: 'a' }] })).toEqual(['definition.steps.b: cannot be reached from start']);
    expect(
      paths({
        version: 1,
        triggers: [],
        steps: [step('a'), step('b')],
        edges: [
          { from: 'start', to: 'a' },
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      }),
    ).toContain('definition.steps.a: is part of a cycle');
    const ifElse = step('c', 'if_else', { conditions: [{ field: 'tag', operator: 'has', value: 'vip' }] });
    expect(
      paths({
        version: 1,
        triggers: [],
        steps: [ifElse, step('a')],
        edges: [
          { from: 'start', to: 'c' },
          { from: 'c', to: 'a' },
        ],
      }),
    ).toEqual(['definition.edges.1.branch: must be yes or no (step c)']);
    expect(paths({ version: 1, triggers: [], steps: [step('a'), step('a')], edges: [{ from: 'start', to: 'a' }] })[0]).toBe('definition.steps.a.id: is used by another step');
    expect(paths({ version: 1, triggers: [{ type: 'nope', config: {} }], steps: [], edges: [] })[0]).toMatch(/^definition\.triggers\.0/);
  });

  it('every template is a valid graph and lists only step types the catalog offers', () => {
    const offered = new Set(catalog().steps.map((s) => s.key));
    for (const template of TEMPLATES) {
      expect(definitionIssues(template.definition), template.key).toEqual([]);
      for (const s of template.definition.steps) expect(offered.has(s.type), `${template.key}: ${s.type}`).toBe(true);
    }
    expect(TEMPLATES.find((t) => t.key === 'lead-nurturing')!.definition.steps).toHaveLength(8);
    expect(TEMPLATES.find((t) => t.key === 'appointment-booking')!.definition.steps).toHaveLength(12);
  });

  it('the catalog default configs validate and name palette tabs', () => {
    const { triggers, steps, tabs } = catalog();
    for (const t of triggers) expect(ZTrigger.safeParse({ type: t.key, config: t.defaultConfig }).success, t.key).toBe(true);
    for (const s of steps.filter((s) => !['move_deal', 'enroll_workflow', 'remove_from_workflow', 'assign_owner'].includes(s.key))) {
      expect(ZStepBody.safeParse({ type: s.key, config: s.defaultConfig }).success, s.key).toBe(true);
    }
    for (const tab of tabs) expect(PALETTE_TABS).toContain(tab);
  });
});

describe('what steps decide', () => {
  const contact: ContactSnapshot = { id: '00000000-0000-4000-8000-000000000001', fields: { first_name: 'Ada', lead_score: 40, email: null }, tags: ['VIP'], custom: { plan: 'pro' }, deal: null };
  it('conditions on tags, fields and custom fields', () => {
    expect(testConditions(contact, 'all', [{ field: 'tag', operator: 'has', value: 'vip' }]).met).toBe(true);
    expect(
      testConditions(contact, 'all', [
        { field: 'lead_score', operator: 'greater_than', value: '30' },
        { field: 'custom.plan', operator: 'equals', value: 'PRO' },
      ]).met,
    ).toBe(true);
    expect(
      testConditions(contact, 'any', [
        { field: 'email', operator: 'is_not_empty', value: '' },
        { field: 'deal.value', operator: 'greater_than', value: '1' },
      ]).met,
    ).toBe(false);
  });
  it('fills placeholders it knows and leaves others for the channel', () => {
    expect(renderText('Hi {{first_name}} ({{custom.plan}}) {{firstName|there}}', contact)).toBe('Hi Ada (pro) {{firstName|there}}');
  });
  it('splits A/B by a stable bucket', () => {
    expect(bucketOf(contact.id, 'split')).toBe(bucketOf(contact.id, 'split'));
    const buckets = Array.from({ length: 1000 }, (_, i) => bucketOf(`c${i}`, 'split'));
    const inA = buckets.filter((b) => b < 50).length;
    expect(inA).toBeGreaterThan(400);
    expect(inA).toBeLessThan(600);
  });
  it('the sending window opens at the next allowed local hour', () => {
    const window = { startHour: 9, endHour: 17, days: [1, 2, 3, 4, 5], timeZone: 'organization' as const };
    // Saturday 2026-11-28 12:00 UTC in New York (07:00): next opening Monday 09:00 local = 14:00 UTC.
    expect(nextOpening(window, new Date('2026-11-28T12:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-30T14:00:00.000Z');
    const inside = new Date('2026-11-30T15:10:00Z');
    expect(nextOpening(window, inside, 'America/New_York')).toEqual(inside);
  });
});
