import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FileCheckIcon, KeyRoundIcon, LockKeyholeIcon, ScrollTextIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { AUDIT_ACTIONS, ROLE_LABELS, ROLES } from '../lib/schema';
import { FormAlert } from '../components/form';
import { PublicLayout } from '../components/public-layout';
import { TableFrame, td, th } from '../components/settings-section';
import { Button, buttonClasses } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Select } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useMe } from '../lib/auth';
import { errorMessageOf } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { trpc } from '../lib/trpc';
import { ZSecuritySearch } from '../lib/search';
import { SECURITY_TABS, type SecurityTab } from '../lib/security-tabs';
import { describeUserAgent } from '../lib/user-agent';

const TAB_LABELS: Record<SecurityTab, string> = { overview: 'Overview', compliance: 'Compliance', access: 'Access control', audit: 'Audit log' };
const AUDIT_PAGE_SIZE = 20;


export const Route = createFileRoute('/enterprise-security')({
  validateSearch: ZSecuritySearch,
  staticData: {
    title: 'Enterprise Security Center',
    description: 'Switchboard security: role-based access, a complete audit log, single sign-on, hashed credentials, GDPR support and HIPAA with a signed BAA.',
  },
  component: SecurityCenter,
});

/** What each recorded action means, for people reading the log. */
const AUDIT_LABELS: Record<AuditAction, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Failed sign-in',
  'auth.logout': 'Signed out',
  'auth.signup': 'Created the organization',
  'auth.password_changed': 'Changed password',
  'auth.session_revoked': 'Revoked a session',
  'auth.preferences_changed': 'Changed preferences',
  'member.invited': 'Invited a member',
  'member.invite_revoked': 'Revoked an invite',
  'member.joined': 'Joined',
  'member.removed': 'Removed a member',
  'member.role_changed': 'Changed a role',
  'apikey.created': 'Created an API key',
  'apikey.revoked': 'Revoked an API key',
  'organization.updated': 'Updated the organization',
  'billing.changed': 'Changed billing',
};

type AuditAction = (typeof AUDIT_ACTIONS)[number];
const auditActionOf = (value: string | undefined): AuditAction | undefined => AUDIT_ACTIONS.find((a) => a === value);

/** Spec §2.8: a sample configuration, two providers connected and two available. */
const SSO_PROVIDERS = [
  { name: 'Okta', status: 'Connected' },
  { name: 'Microsoft Entra ID', status: 'Connected' },
  { name: 'Google Workspace', status: 'Available' },
  { name: 'OneLogin', status: 'Available' },
] as const;

/**
 * Public page (spec §2.8). Anyone sees the static overview; a signed-in member whose role may read
 * the audit log (audit:read) sees their organization's real roles and log in the access and audit tabs.
 */
function SecurityCenter() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/enterprise-security' });
  // Signed out, this answers 401: that is the expected "nobody" and the page stays static.
  const { data: me } = useMe();
  const live = Boolean(me?.organization && me.permissions.includes('audit:read'));
  const tab = search.tab ?? 'overview';

  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm font-medium text-indigo-600 dark:text-indigo-400">
            <ShieldCheckIcon className="size-4" aria-hidden />
            Security and compliance
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Enterprise Security Center</h1>
          <p className="max-w-3xl text-lg text-gray-600 dark:text-gray-300">
            Role-based access, a complete audit trail and single sign-on, for teams that answer to their customers and their regulators.
            {live && me?.organization ? ` You are viewing ${me.organization.name}.` : null}
          </p>
        </div>
        <Tabs
          value={tab}
          onValueChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next as SecurityTab }), replace: true, resetScroll: false })}
          className="mt-10"
        >
          <TabsList aria-label="Security sections">
            {SECURITY_TABS.map((t) => (
              <TabsTrigger key={t} value={t}>
                {TAB_LABELS[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <Overview />
          </TabsContent>
          <TabsContent value="compliance">
            <Compliance />
          </TabsContent>
          <TabsContent value="access">{live ? <LiveRoles /> : <StaticRoles />}</TabsContent>
          <TabsContent value="audit">{live ? <LiveAudit page={search.page ?? 1} action={auditActionOf(search.action)} timeZone={me?.user.preferences.timezone} /> : <StaticAudit />}</TabsContent>
        </Tabs>
      </section>
    </PublicLayout>
  );
}

function Feature({ icon: Icon, title, children }: { icon: typeof ShieldCheckIcon; title: string; children: string }) {
  return (
    <Card>
      <CardHeader>
        <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{children}</CardDescription>
      </CardHeader>
    </Card>
  );
}

function Overview() {
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Overview</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Feature icon={UsersIcon} title="Role-based access">
          Five roles, from Super Admin to read-only Viewer, checked by the server on every request.
        </Feature>
        <Feature icon={ScrollTextIcon} title="Audit log">
          Sign-ins, failed sign-ins, member, role, API key and settings changes are recorded with who, when and from where.
        </Feature>
        <Feature icon={LockKeyholeIcon} title="Credentials kept safe">
          Passwords are hashed with Argon2id; session and API key tokens are stored only as fingerprints.
        </Feature>
        <Feature icon={KeyRoundIcon} title="Scoped API keys">
          Each key carries one role, can be revoked at once, and shows when it was last used.
        </Feature>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Single sign-on</CardTitle>
          <CardDescription>Enterprise identity providers, in a sample configuration.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Single sign-on providers">
            {SSO_PROVIDERS.map((p) => (
              <li key={p.name} className="flex items-center justify-between rounded-lg border border-gray-200 px-4 py-3 text-sm dark:border-gray-800">
                <span className="font-medium text-gray-900 dark:text-white">{p.name}</span>
                <span
                  className={
                    p.status === 'Connected'
                      ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900/50 dark:text-green-300'
                      : 'rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-300'
                  }
                >
                  {p.status}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href="/settings/organization" className={buttonClasses()}>
              Manage Roles &amp; Permissions
            </a>
            <Button variant="outline" disabled aria-describedby="sso-note">
              Configure SSO Provider
            </Button>
          </div>
          <p id="sso-note" className="mt-2 text-xs text-gray-500 dark:text-gray-400">
            Single sign-on set-up is not available in this version yet.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

function Compliance() {
  const items = [
    { title: 'Your data, your servers', text: 'Switchboard is open source and self-hostable: run it in the region and on the infrastructure your policies require.' },
    { title: 'GDPR', text: 'Tenant-scoped data, per-member roles and an audit trail support your records of processing and access reviews.' },
    { title: 'HIPAA', text: 'For practices handling health information, the top plan includes a signed business associate agreement.' },
    { title: 'Access reviews', text: 'See every member and role in one place, change or remove them at once, and revoke sessions and API keys.' },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <h2 className="sr-only">Compliance</h2>
      {items.map((i) => (
        <Card key={i.title}>
          <CardHeader>
            <FileCheckIcon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
            <CardTitle as="h3" className="text-base">
              {i.title}
            </CardTitle>
            <CardDescription>{i.text}</CardDescription>
          </CardHeader>
        </Card>
      ))}
    </div>
  );
}

function RoleList({ roles }: { roles: { role: string; label: string; description: string; members?: number }[] }) {
  return (
    <ul aria-label="Roles" className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900">
      {roles.map((r) => (
        <li key={r.role} className="flex items-center justify-between gap-4 px-5 py-4">
          <div>
            <p className="font-medium text-gray-900 dark:text-white">{r.label}</p>
            <p className="text-sm text-gray-600 dark:text-gray-400">{r.description}</p>
          </div>
          {r.members !== undefined ? (
            <span className="shrink-0 text-sm text-gray-700 dark:text-gray-300">
              {r.members} {r.members === 1 ? 'member' : 'members'}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function StaticRoles() {
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold text-gray-900 dark:text-white">Roles and permissions</h2>
      <RoleList roles={ROLES.map((role) => ({ role, ...ROLE_LABELS[role] }))} />
    </div>
  );
}

function LiveRoles() {
  const roles = trpc.organizations.roles.useQuery(undefined, { retryOnMount: false });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-gray-900 dark:text-white">Roles in your organization</h2>
        <a href="/settings/organization" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Manage Roles &amp; Permissions
        </a>
      </div>
      {roles.error ? <FormAlert message={errorMessageOf(roles.error, 'Could not load the roles')} /> : roles.data ? <RoleList roles={roles.data} /> : <Spinner />}
    </div>
  );
}

function StaticAudit() {
  return (
    <div className="grid max-w-3xl gap-4">
      <h2 className="text-xl font-semibold text-gray-900 dark:text-white">Audit log</h2>
      <p className="text-gray-600 dark:text-gray-300">
        Every sign-in and failed sign-in, every invite, role change and removal, every API key created or revoked and every settings change is
        recorded with the member or key that did it, the time, the IP address and the device. Super Admins read and filter it here.
      </p>
      {/* Application screens are plain page loads from public pages (public-site rule 3). */}
      <a href={`/login?${new URLSearchParams({ redirect: '/enterprise-security?tab=audit' })}`} className={buttonClasses({ variant: 'outline', className: 'justify-self-start' })}>
        Sign in to view your organization’s log
      </a>
    </div>
  );
}

function LiveAudit({ page, action, timeZone }: { page: number; action: AuditAction | undefined; timeZone: string | undefined }) {
  const navigate = useNavigate({ from: '/enterprise-security' });
  const audit = trpc.audit.list.useQuery({ page, limit: AUDIT_PAGE_SIZE, action }, { retryOnMount: false, placeholderData: (previous) => previous });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / AUDIT_PAGE_SIZE)) : 1;
  const go = (search: { page?: number; action?: AuditAction }) =>
    void navigate({ search: (prev) => ({ ...prev, tab: 'audit' as const, ...search }), resetScroll: false });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold text-gray-900 dark:text-white">Audit log</h2>
        <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
          Action
          <Select value={action ?? ''} onChange={(e) => go({ action: (e.target.value || undefined) as typeof action, page: undefined })} className="w-64">
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_LABELS[a]} ({a})
              </option>
            ))}
          </Select>
        </label>
      </div>
      {audit.error ? (
        <FormAlert message={errorMessageOf(audit.error, 'Could not load the audit log')} />
      ) : !audit.data ? (
        <Spinner />
      ) : audit.data.items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No entries{action ? ' for this action' : ''}.</p>
      ) : (
        <Card className="px-6">
          <TableFrame label="Audit log">
            <thead>
              <tr>
                {['When', 'Action', 'By', 'From'].map((h) => (
                  <th key={h} scope="col" className={th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {audit.data.items.map((e) => (
                <tr key={e.id}>
                  <td className={`${td} whitespace-nowrap`}>{formatDateTime(e.createdAt, timeZone)}</td>
                  <td className={td}>
                    <span className="block text-gray-900 dark:text-white">{AUDIT_LABELS[e.action as keyof typeof AUDIT_LABELS] ?? e.action}</span>
                    <code className="text-xs text-gray-500 dark:text-gray-400">{e.action}</code>
                  </td>
                  <td className={td}>{e.actor ?? 'Unknown'}</td>
                  <td className={td}>
                    <span className="block">{e.ip ?? '—'}</span>
                    <span className="block text-xs text-gray-500 dark:text-gray-400">{describeUserAgent(e.userAgent)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        </Card>
      )}
      {audit.data ? (
        <nav aria-label="Audit log pages" className="flex items-center justify-between gap-3 text-sm text-gray-600 dark:text-gray-400">
          <span>
            Page {Math.min(page, pages)} of {pages} · {audit.data.total} {audit.data.total === 1 ? 'entry' : 'entries'}
          </span>
          <span className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
              Next
            </Button>
          </span>
        </nav>
      ) : null}
    </div>
  );
}
