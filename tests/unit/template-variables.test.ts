import { describe, expect, it } from 'vitest';
import { renderTemplate, templateVariables } from '../../server/templates/variables';

describe('the shared template engine', () => {
  it('lists each variable once, in order of first use, fallbacks or not', () => {
    expect(templateVariables('Hi {{ firstName | there }}, {{date}} at {{time|soon}}, {{firstName}}!')).toEqual(['firstName', 'date', 'time']);
  });

  it('fills a missing or blank value with its fallback, which makes it not missing', () => {
    expect(renderTemplate('Hi {{firstName|there}}!', {})).toEqual({ text: 'Hi there!', missing: [] });
    expect(renderTemplate('Hi {{ firstName | there }}!', { firstName: '  ' })).toEqual({ text: 'Hi there!', missing: [] });
    expect(renderTemplate('Hi {{firstName|there}}!', { firstName: ' Ada ' })).toEqual({ text: 'Hi Ada!', missing: [] });
    expect(renderTemplate('Hi {{firstName|}}!', {})).toEqual({ text: 'Hi !', missing: [] });
  });

  it('reports a variable missing when one of its placeholders has no fallback', () => {
    expect(renderTemplate('{{name|friend}}, see you {{date}}. Bye {{name}}', { date: 'Monday' })).toEqual({ text: 'friend, see you Monday. Bye ', missing: ['name'] });
    expect(renderTemplate('Hi {{name}}, on {{date}}', { name: ' Ada ', date: '' })).toEqual({ text: 'Hi Ada, on ', missing: ['date'] });
  });

  it('leaves text that is no placeholder alone', () => {
    expect(renderTemplate('{{ 1bad }} {name} {{}}', {})).toEqual({ text: '{{ 1bad }} {name} {{}}', missing: [] });
  });
});
