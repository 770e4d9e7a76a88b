import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, pageDescriptionOf, pageTitleOf } from '../../client/lib/document-title';

describe('document title', () => {
  it('formats a page title with the product name', () => {
    expect(formatDocumentTitle('Contacts')).toBe('Contacts · Switchboard');
    expect(formatDocumentTitle(undefined)).toBe('Switchboard');
    expect(formatDocumentTitle('')).toBe('Switchboard');
  });

  it('takes the deepest route title', () => {
    expect(pageTitleOf([{ staticData: {} }, { staticData: {} }, { staticData: { title: 'Contacts' } }])).toBe('Contacts');
    expect(pageTitleOf([{ staticData: { title: 'Outer' } }, { staticData: {} }])).toBe('Outer');
    expect(pageTitleOf([{ staticData: {} }])).toBeUndefined();
  });

  it('says Page Not Found when a route renders the not-found screen', () => {
    expect(pageTitleOf([{ staticData: {}, _notFound: true }])).toBe('Page Not Found');
    expect(pageTitleOf([{ staticData: {} }, { staticData: { title: 'Contacts' }, status: 'notFound' }])).toBe('Page Not Found');
  });
});

describe('page description', () => {
  it('takes the deepest route description', () => {
    expect(pageDescriptionOf([{ staticData: { description: 'Outer' } }, { staticData: { description: 'Features of Switchboard' } }])).toBe('Features of Switchboard');
    expect(pageDescriptionOf([{ staticData: { description: 'Outer' } }, { staticData: {} }])).toBe('Outer');
    expect(pageDescriptionOf([{ staticData: {} }])).toBeUndefined();
  });
});
