import { Link, useRouterState } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { MenuIcon } from 'lucide-react';
import { useLayoutEffect, type ReactNode } from 'react';
import { applyLanguageFor, useT } from '../i18n';
import { useStoredTheme } from '../lib/theme-store';
import { BrandMark, BrandName } from './brand';
import { LanguageSwitch } from './language-switch';
import { ThemeButton } from './theme-button';
import { plainButtonClasses } from './ui/button-classes';
import { focusRing } from './ui/focus';

/**
 * Header and footer of the public (marketing) pages, translated (client/i18n). Shares no code with
 * the application shell and pulls none of it in: links to application screens are plain <a href>
 * (a full page load into the application entry), links between public pages are router Links.
 */

const navLink = clsx('rounded-md px-3 py-2 text-sm font-medium text-gray-700 transition-colors hover:text-gray-900 dark:text-gray-300 dark:hover:text-white', focusRing);
const activeNavLink = { className: 'text-indigo-700 dark:text-indigo-300', 'aria-current': 'page' as const };
const footerLink = clsx('rounded-sm text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white', focusRing);

/** Spec public-site §2.2: the sticky navigation's pages. */
const NAV: { to: string; key: string }[] = [
  { to: '/features', key: 'nav.features' },
  { to: '/pricing', key: 'nav.pricing' },
  { to: '/tutorial-system', key: 'nav.tutorials' },
  { to: '/academy', key: 'nav.academy' },
  { to: '/pricing-comparison', key: 'nav.compare' },
];

/** Spec public-site §2.2: the footer's links, grouped. `hash` links are anchors of the landing page. */
const FOOTER: { heading: string; links: { to: string; hash?: string; key: string }[] }[] = [
  {
    heading: 'footer.product',
    links: [
      { to: '/', hash: 'features', key: 'footer.features' },
      { to: '/', hash: 'templates', key: 'footer.templates' },
      { to: '/pricing', key: 'footer.pricing' },
      { to: '/integrations', key: 'footer.integrations' },
      { to: '/status', key: 'footer.status' },
    ],
  },
  {
    heading: 'footer.compare',
    links: [
      { to: '/vs-hubspot', key: 'footer.vsHubspot' },
      { to: '/vs-activecampaign', key: 'footer.vsActivecampaign' },
      { to: '/vs-highlevel', key: 'footer.vsHighlevel' },
      { to: '/migration-guide', key: 'footer.migrationGuide' },
    ],
  },
  {
    heading: 'footer.resources',
    links: [
      { to: '/help', key: 'footer.help' },
      { to: '/tutorials', key: 'footer.tutorials' },
      { to: '/academy', key: 'footer.academy' },
    ],
  },
  {
    heading: 'footer.company',
    links: [
      { to: '/contact', key: 'footer.contact' },
      { to: '/book-demo', key: 'footer.bookDemo' },
      { to: '/partnerships', key: 'footer.partnerships' },
    ],
  },
];

/** Keeps <html lang dir> and the chrome's language in step with the page (and back to English on leaving). */
function useSiteLanguage(): void {
  const path = useRouterState({ select: (s) => s.location.pathname });
  useLayoutEffect(() => {
    void applyLanguageFor(path);
    return () => {
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    };
  }, [path]);
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useT();
  const [theme, setTheme] = useStoredTheme();
  useSiteLanguage();
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip bg-white dark:bg-gray-950">
      <a
        href="#main-content"
        className="sr-only start-0 top-0 rounded-md bg-indigo-700 text-sm focus:px-3 focus:py-2 font-medium text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-30 border-b border-gray-200/80 bg-white/90 backdrop-blur dark:border-gray-800/80 dark:bg-gray-950/90">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 sm:gap-2 sm:px-6 lg:px-8">
          <Link to="/" aria-label={t('home')} className={clsx('me-auto flex items-center gap-2 rounded-md', focusRing)}>
            <BrandMark />
            <BrandName className="hidden min-[400px]:inline" />
          </Link>
          <nav aria-label={t('nav.main')} className="hidden items-center lg:flex">
            {NAV.map((item) => (
              <Link key={item.to} to={item.to} className={navLink} activeProps={activeNavLink}>
                {t(item.key)}
              </Link>
            ))}
          </nav>
          <LanguageSwitch className="hidden sm:flex" />
          {/* On the narrowest phones the theme switch moves into the menu, so the longer French and Arabic trial buttons fit. */}
          <ThemeButton theme={theme} onToggle={setTheme} labels={{ toDark: t('theme.toDark'), toLight: t('theme.toLight') }} className="hidden min-[400px]:inline-flex" />
          <a href="/login" className={plainButtonClasses('ghost', 'sm', 'hidden sm:inline-flex')}>
            {t('nav.signIn')}
          </a>
          <a href="/signup" className={plainButtonClasses('default', 'sm', 'max-sm:h-auto max-sm:max-w-44 max-sm:py-1.5 max-sm:text-center max-sm:leading-tight max-sm:whitespace-normal')}>
            {t('nav.startTrial')}
          </a>
          <details className="group relative lg:hidden">
            <summary className={plainButtonClasses('ghost', 'icon', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
              <MenuIcon className="size-5" aria-hidden />
              <span className="sr-only">{t('nav.menu')}</span>
            </summary>
            <div className="absolute end-0 top-11 w-60 rounded-xl border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-800 dark:bg-gray-900">
              <nav aria-label={t('nav.menu')} className="flex flex-col">
                {NAV.map((item) => (
                  <Link key={item.to} to={item.to} className={navLink} activeProps={activeNavLink}>
                    {t(item.key)}
                  </Link>
                ))}
                <a href="/login" className={navLink}>
                  {t('nav.signIn')}
                </a>
              </nav>
              <LanguageSwitch className="mt-2 justify-center sm:hidden" />
              <ThemeButton theme={theme} onToggle={setTheme} labels={{ toDark: t('theme.toDark'), toLight: t('theme.toLight') }} className="mx-auto mt-2 flex min-[400px]:hidden" />
            </div>
          </details>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <footer aria-label={t('footer.label')} className="border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900/40">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)] lg:px-8">
          <div className="flex flex-col gap-3">
            <Link to="/" aria-label={t('home')} className={clsx('flex items-center gap-2 self-start rounded-md', focusRing)}>
              <BrandMark />
              <BrandName />
            </Link>
            <p className="max-w-xs text-sm text-gray-600 dark:text-gray-400">{t('footer.tagline')}</p>
          </div>
          {FOOTER.map((group) => (
            <div key={group.heading}>
              <h2 className="text-sm font-semibold text-gray-900 dark:text-white">{t(group.heading)}</h2>
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                {group.links.map((link) => (
                  <li key={link.key}>
                    <Link to={link.to} hash={link.hash} className={footerLink}>
                      {t(link.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {/* Prerendered pages carry their build's year: after New Year it differs from the browser's until the next build. */}
        <p suppressHydrationWarning className="border-t border-gray-200 px-4 py-6 text-center text-xs text-gray-600 dark:border-gray-800 dark:text-gray-400">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </footer>
    </div>
  );
}
