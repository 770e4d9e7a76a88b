/**
 * `npm run bench`: runs each bench module in turn. A bench prints figures and never asserts timing;
 * add new ones as modules exporting `run()` and list them here.
 */
import { stopAllChildren } from './lib/children';

const BENCHES: { name: string; load: () => Promise<{ run(): Promise<void> }> }[] = [
  { name: 'http', load: () => import('./http') },
  { name: 'crm', load: () => import('./crm') },
  { name: 'realtime', load: () => import('./realtime') },
  { name: 'sms', load: () => import('./sms') },
  { name: 'email', load: () => import('./email') },
  { name: 'api', load: () => import('./api') },
  { name: 'webhooks', load: () => import('./webhooks') },
  { name: 'slots', load: () => import('./slots') },
  { name: 'sites', load: () => import('./sites') },
  { name: 'editor', load: () => import('./editor') },
  { name: 'campaigns', load: () => import('./campaigns') },
  { name: 'audience', load: () => import('./audience') },
  { name: 'automations', load: () => import('./automations') },
  { name: 'lighthouse', load: () => import('./lighthouse') },
  { name: 'startup', load: () => import('./startup') },
];

const only = process.argv.slice(2);
try {
  for (const bench of BENCHES) {
    if (only.length && !only.includes(bench.name)) continue;
    const started = performance.now();
    await (await bench.load()).run();
    console.log(`\n[${bench.name}] done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAllChildren();
}
