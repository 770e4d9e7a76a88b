// The import rules of the app (issue #15; docs/decisions/023-kernel-assembly-and-domain-registry.md), run by `npm run lint`.
/**
 * The kernel: what every domain builds on, and which knows no domain. A folder of server/ that is not
 * listed here is a domain (server/<domain>/, described by its domain.ts); the top-level modules other
 * than config.ts and deps.ts (app.ts, assembly.ts, domains.ts, body-limits.ts, server.ts, index.ts)
 * are the assembly, which knows them all.
 */
const KERNEL_FOLDERS = ['kernel', 'db', 'errors', 'events', 'jobs', 'http', 'trpc', 'input', 'logging', 'rate-limit', 'time', 'records', 'phone', 'languages', 'templates'];
const KERNEL = [`^server/(${KERNEL_FOLDERS.join('|')})/`, '^server/(config|deps)[.]ts$'];
const DOMAIN = '^server/[^/]+/';
/** The same, as folders (the folder-scoped rule names folders without a trailing slash). */
const DOMAIN_FOLDER = '^server/[^/]+$';
const KERNEL_FOLDER = `^server/(${KERNEL_FOLDERS.join('|')})$`;
const ASSEMBLY = '^server/[^/]+[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular-server',
      severity: 'error',
      comment: 'Server modules never import each other in a circle, not even for types: move what both need into a module below them.',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-domains',
      severity: 'error',
      comment: 'Domains never depend on each other in a circle (folder by folder, types included): one is below the other, or what both need moves below both.',
      scope: 'folder',
      from: { path: DOMAIN_FOLDER, pathNot: KERNEL_FOLDER },
      to: { path: DOMAIN_FOLDER, pathNot: KERNEL_FOLDER, circular: true },
    },
    {
      name: 'no-circular-client',
      severity: 'error',
      comment:
        'Client modules never import each other in a circle at runtime. Type-only imports are erased by the build, and the route tree and the lazy content pages (content/<page>.ts ↔ content/<language>/<page>.ts) point back at their types by design.',
      from: { path: '^client/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'kernel-imports-no-domain',
      severity: 'error',
      comment: 'The kernel knows no domain and not the assembly: what it needs from them is handed in by server/assembly.ts (kernel/registry.ts, parameters).',
      from: { path: KERNEL },
      to: { path: '^server/', pathNot: KERNEL },
    },
    {
      name: 'domains-import-no-assembly',
      severity: 'error',
      comment: 'A domain never imports the assembly (app.ts, assembly.ts, domains.ts…): the assembly imports the domains.',
      from: { path: DOMAIN, pathNot: KERNEL },
      to: { path: ASSEMBLY, pathNot: KERNEL },
    },
    {
      name: 'site-blocks-stand-alone',
      severity: 'error',
      comment: 'The site blocks run in the browser (the editor) as well as on the server (publishing): they import no other server code.',
      from: { path: '^server/sites/blocks/' },
      to: { path: '^server/', pathNot: ['^server/sites/blocks/'] },
    },
    {
      name: 'client-imports-server-types-or-schemas',
      severity: 'error',
      comment:
        'The client imports server code only with `import type`; at runtime it shares only the schema.ts modules, the zone arithmetic (server/time/zoned.ts) and the site blocks (server/sites/blocks/: one registry for the editor and the published page).',
      from: { path: '^client/' },
      to: { path: '^server/', pathNot: ['/schema[.]ts$', '^server/time/zoned[.]ts$', '^server/sites/blocks/'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    includeOnly: '^(server|client)/',
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: they are what makes a cycle between domains or lets the client see server code.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    cache: false,
  },
};
