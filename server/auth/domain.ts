import { defineDomain } from '../kernel/domain';
import { authRest } from './rest';
import { authRouter } from './router';

export const authDomain = defineDomain({ name: 'auth', router: { auth: authRouter }, rest: [{ path: '/auth', routes: () => authRest }] });
