import { sha256 } from '../../../server/auth/tokens';
import { addMember } from '../../helpers/factories';
import type { Probe } from './types';

export const probes: Record<string, Probe> = {
  'auth.revokeSession': async (_deps, a) => ({ id: sha256(a.cookie.split('=')[1]!) }),
  'auth.switchOrganization': async (_deps, a) => ({ organizationId: a.organizationId }),
  'members.changeRole': async (deps, a) => ({ userId: (await addMember(deps, a.organizationId, 'viewer')).userId, role: 'viewer' }),
  'members.remove': async (deps, a) => ({ userId: (await addMember(deps, a.organizationId, 'viewer')).userId }),
  'members.resendInvite': async (_deps, _a, api) => ({ id: (await api.members.invite({ email: `probe-${Date.now()}@example.test`, role: 'viewer' })).id }),
  'members.revokeInvite': async (_deps, _a, api) => ({ id: (await api.members.invite({ email: `probe-${Date.now()}@example.test`, role: 'viewer' })).id }),
  'apiKeys.revoke': async (_deps, _a, api) => ({ id: (await api.apiKeys.create({ name: 'probe', role: 'viewer' })).id }),
};
