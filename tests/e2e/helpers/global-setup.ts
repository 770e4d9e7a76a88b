import { ensureClientBuild } from '../../../scripts/lib/client-build';

/** The e2e suite drives the production build; build it once, before any worker starts, when stale. */
export default async function setup(): Promise<void> {
  await ensureClientBuild();
}
