import { pageTexts } from '../i18n';

/** The public face of the Enterprise Security Center (spec app-core §2.8); the live roles and audit log are in Settings → Security. */
const en = {
  eyebrow: 'Security and compliance',
  title: 'Enterprise Security Center',
  lead: 'Role-based access, a complete audit trail and hashed credentials, for teams that answer to their customers and their regulators.',
  tabsLabel: 'Security sections',
  tabs: { overview: 'Overview', compliance: 'Compliance', access: 'Access control', audit: 'Audit log' },
  overview: {
    roles: { title: 'Role-based access', text: 'Five roles, from Super Admin to read-only Viewer, checked by the server on every request.' },
    audit: { title: 'Audit log', text: 'Sign-ins, failed sign-ins, member, role, API key and settings changes are recorded with who, when and from where.' },
    credentials: { title: 'Credentials kept safe', text: 'Passwords are hashed with Argon2id; session and API key tokens are stored only as fingerprints.' },
    apiKeys: { title: 'Scoped API keys', text: 'Each key carries one role, can be revoked at once, and shows when it was last used.' },
  },
  sso: {
    title: 'Single sign-on (planned)',
    description: 'Planned, not built yet: signing in through your company’s identity provider.',
    providersLabel: 'Single sign-on providers',
    planned: 'Planned',
    manageRoles: 'Manage Roles & Permissions',
    configure: 'Configure SSO Provider',
    note: 'Single sign-on set-up is not available in this version yet.',
  },
  compliance: {
    servers: { title: 'Your data, your servers', text: 'Switchboard is open source and self-hostable: run it in the region and on the infrastructure your policies require.' },
    gdpr: { title: 'GDPR', text: 'Tenant-scoped data, per-member roles and an audit trail support your records of processing and access reviews.' },
    hipaa: {
      title: 'HIPAA',
      text: 'Switchboard comes with no business associate agreement (BAA): HIPAA compliance remains the practice’s responsibility. Self-hosted, patient data stays on your own servers.',
    },
    reviews: { title: 'Access reviews', text: 'See every member and role in one place, change or remove them at once, and revoke sessions and API keys.' },
  },
  rolesTitle: 'Roles and permissions',
  rolesLabel: 'Roles',
  /** Spec app-core §6, as the app names them (server/auth/schema.ts ROLE_LABELS). */
  roles: {
    super_admin: { label: 'Super Admin', description: 'Full system access, including billing and security' },
    admin: { label: 'Admin', description: 'User and data management' },
    manager: { label: 'Manager', description: 'Team and pipeline management' },
    sales_rep: { label: 'Sales Rep', description: 'Lead and contact management' },
    viewer: { label: 'Viewer', description: 'Read-only access' },
  },
  auditTitle: 'Audit log',
  auditText:
    'Every sign-in and failed sign-in, every invite, role change and removal, every API key created or revoked and every settings change is recorded with the member or key that did it, the time, the IP address and the device. Super Admins read and filter it in Settings.',
  auditLink: 'View your organization’s audit log',
};

export type SecurityTexts = typeof en;
export const SECURITY_TEXTS = pageTexts(en, { fr: () => import('./fr/security'), ar: () => import('./ar/security') });
