import { ROLE_LABELS, type TRole } from '../lib/schema';

/** The <option>s of a role picker, with the spec's role names. */
export function RoleOptions({ roles }: { roles: readonly TRole[] }) {
  return roles.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role].label}
    </option>
  ));
}
