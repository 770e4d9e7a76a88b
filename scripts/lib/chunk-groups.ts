import type { Rolldown } from 'vite';

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null };

const LUCIDE_ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|clsx|@tanstack[\\/](react-router|router-core|history|react-store|store)|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|defaultAttributes|shared))[\\/.]/;

/**
 * How the client's code is grouped into chunks beyond the bundler's default (one chunk per set of
 * importers, which made every icon and small module its own request):
 * - `framework`: what every page of both entries runs first (React, the router, the icons' base);
 * - `landing-icons`: the icons the landings' own modules (`landingOwn`) import — one by one,
 *   `lucide-react/icons/…`, so that the graph shows which — in one chunk rather than fifteen: 2.8 KB
 *   less for the desktop landing's first view; a page that shares one of them loads the 1.3 KB chunk;
 * - `site`: the public site's start-up - our modules its entry and the pages' chrome (PublicLayout)
 *   import statically, but for the entry's own folder (`siteOwn`) - so a public page starts from a
 *   handful of requests. The application entry shares most of them (route files, chat widget).
 */
export function chunkGroups({ siteEntry, siteChrome, siteOwn, landingOwn }: { siteEntry: string; siteChrome: string; siteOwn: string; landingOwn: string }): CodeSplittingGroup[] {
  const siteStart = new WeakMap<ModuleGraph, Set<string>>();
  const reachable = (graph: ModuleGraph): Set<string> => {
    let found = siteStart.get(graph);
    if (found) return found;
    found = new Set<string>();
    const visit = (id: string) => {
      if (found!.has(id) || id.includes('node_modules')) return;
      found!.add(id);
      for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    visit(siteEntry);
    visit(siteChrome);
    siteStart.set(graph, found);
    return found;
  };
  return [
    { name: 'framework', test: FRAMEWORK, priority: 2 },
    {
      name: (id, graph) => (LUCIDE_ICON.test(id) && graph.getModuleInfo(id)?.importers.some((importer) => importer.startsWith(landingOwn)) ? 'landing-icons' : null),
      priority: 2,
    },
    {
      // The entry's own modules (its route tree, whose route files the application's tree shares) stay in its chunk.
      name: (id, graph) => (id !== siteEntry && !id.startsWith(siteOwn) && reachable(graph).has(id) ? 'site' : null),
      priority: 1,
    },
  ];
}
