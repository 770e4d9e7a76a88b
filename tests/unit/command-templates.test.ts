import { describe, expect, it } from 'vitest';
import { templateNamed } from '../../client/lib/commands/templates';
import { listTemplates } from '../../server/automations/templates';

const templates = listTemplates().items;
const named = (said: string) => templateNamed(said, templates)?.key ?? null;

describe('templateNamed: the workflow template a command names', () => {
  it('finds a template by its name, part of it, or the start of its words', () => {
    expect(named('Lead Nurturing Sequence')).toBe('lead-nurturing');
    expect(named('the lead nurturing template')).toBe('lead-nurturing');
    expect(named('dental')).toBe('dental-recall');
    expect(named('med spa')).toBe('med-spa-rebooking');
    expect(named('agency follow up')).toBe('agency-lead-follow-up');
    expect(named('Re-engagement')).toBe('re-engagement');
    expect(named('welcome')).toBe('welcome-series');
    expect(named('coach onboarding')).toBe('coaching-onboarding');
  });

  it('prefers the name with the fewest words left unsaid, and names nothing it cannot match', () => {
    expect(templateNamed('lead', [{ name: 'Lead Nurturing Sequence' }, { name: 'Lead Magnet' }])?.name).toBe('Lead Magnet');
    expect(named('invoice reminders')).toBeNull();
    expect(named('the template')).toBeNull();
    expect(named('')).toBeNull();
  });
});
