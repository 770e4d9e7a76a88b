import { defineDomain } from '../kernel/domain';
import { healthRest } from './rest';
import { healthRouter } from './router';

export const healthDomain = defineDomain({ name: 'health', router: { health: healthRouter }, rest: [{ path: '/', routes: () => healthRest }] });
