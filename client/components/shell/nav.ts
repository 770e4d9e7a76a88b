import { type StaticDataRouteOption, useRouter } from '@tanstack/react-router';
import { BookOpenIcon, type LucideIcon, TagIcon } from 'lucide-react';
import { useMemo } from 'react';
import type { FileRoutesByTo } from '../../routeTree.gen';

/** A path the router knows. */
export type NavTarget = keyof FileRoutesByTo;

/**
 * A screen's entry in the navigation, declared by its own route file as `staticData.nav`
 * (docs/decisions/031-client-registration.md): adding a screen to the sidebar edits no shared file.
 */
export type NavDeclaration = {
  label: string;
  icon: LucideIcon;
  /** Its place: entries are listed by ascending order (spec app-core §2.2: Dashboard 10, Contacts 20, …). */
  order: number;
  /**
   * The mobile drawer's entry (spec §2.3): the same as the sidebar's unless this says another label
   * or target; `false`: not in the drawer.
   */
  mobile?: { label?: string; to?: NavTarget } | false;
};

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen's entry in the sidebar and the mobile drawer. */
    nav?: NavDeclaration;
  }
}

export type NavEntry = { label: string; to: NavTarget; icon: LucideIcon };

/** Where a declaration comes from: a route (its path, its static data), or one of the shell's own links below. */
export type NavSource = { to: string; nav: NavDeclaration | undefined };

/**
 * The shell's own entries: links out of the application to public pages, which belong to no domain
 * (and whose route files, in the public site's bundle, know nothing of the application's shell).
 */
export const SHELL_LINKS: readonly NavSource[] = [
  { to: '/tutorials', nav: { label: 'Tutorials', icon: BookOpenIcon, order: 130, mobile: false } },
  { to: '/pricing', nav: { label: 'Pricing', icon: TagIcon, order: 140 } },
];

/** What the nav reads of a route: its `to` (its path without a trailing slash) and its static data. */
type RouteLike = { readonly to: string; readonly options: { readonly staticData?: StaticDataRouteOption } };

/** The declarations of a router's routes. */
export function navSourcesOf(routes: Iterable<RouteLike>): NavSource[] {
  return [...routes].map((route) => ({ to: route.to, nav: route.options.staticData?.nav }));
}

/** The desktop sidebar's entries (spec app-core §2.2) or the mobile drawer's (§2.3), in order. */
export function navEntries(sources: Iterable<NavSource>, menu: 'sidebar' | 'mobile'): NavEntry[] {
  const declared = [...sources].filter((s): s is NavSource & { nav: NavDeclaration } => s.nav !== undefined);
  declared.sort((a, b) => a.nav.order - b.nav.order || a.to.localeCompare(b.to));
  const entries: NavEntry[] = [];
  for (const { to, nav } of declared) {
    const entry = { label: nav.label, to: to as NavTarget, icon: nav.icon };
    if (menu === 'sidebar') entries.push(entry);
    else if (nav.mobile !== false) entries.push({ ...entry, ...nav.mobile });
  }
  return entries;
}

/** The entries of one menu, from the running router's routes and the shell's own links. */
export function useNavEntries(menu: 'sidebar' | 'mobile'): NavEntry[] {
  const router = useRouter();
  return useMemo(() => navEntries([...navSourcesOf(Object.values(router.routesById)), ...SHELL_LINKS], menu), [router, menu]);
}
