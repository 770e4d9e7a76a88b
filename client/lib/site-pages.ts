/**
 * Public pages linked from the site's shared pages. Typed as plain strings: several are written in
 * their own route files by other work, and a Link to a string path resolves at run time either way.
 */
export const SITE_PAGES = {
  features: '/features',
  pricing: '/pricing',
  tutorials: '/tutorials',
  frenchTutorial: '/french-tutorial',
  arabicTutorial: '/arabic-tutorial',
  contact: '/contact',
  bookDemo: '/book-demo',
  demoDashboard: '/demo-dashboard',
} as const satisfies Record<string, string>;

export const sitePage = (key: keyof typeof SITE_PAGES): string => SITE_PAGES[key];
