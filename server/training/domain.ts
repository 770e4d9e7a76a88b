import { defineDomain } from '../kernel/domain';
import { trainingRest } from './rest';

export const trainingDomain = defineDomain({ name: 'training', rest: [{ path: '/training', routes: () => trainingRest }] });
