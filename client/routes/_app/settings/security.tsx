import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AUDIT_ACTIONS } from '../../../lib/schema';
import { FormAlert } from '../../../components/form';
import { NoAccess, SectionLoading, SettingsSection, TableFrame, td } from '../../../components/settings-section';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { useCan, useMe } from '../../../lib/auth';
import { errorMessageOf } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { ZAuditSearch } from '../../../lib/search';
import { trpc } from '../../../lib/trpc';
import { describeUserAgent } from '../../../lib/user-agent';

/**
 * The organization's security center (spec app-core §2.8): its roles with how many members hold
 * each, and the audit log, paged and filtered by action. The public face of the security center
 * is /enterprise-security; its audit tab links here.
 */
export const Route = createFileRoute('/_app/settings/security')({
  staticData: { title: 'Security & audit log' },
  validateSearch: ZAuditSearch,
  component: SecurityPage,
});

type AuditAction = (typeof AUDIT_ACTIONS)[number];
const auditActionOf = (value: string | undefined): AuditAction | undefined => AUDIT_ACTIONS.find((a) => a === value);
const AUDIT_PAGE_SIZE = 20;

/** What each recorded action means, for people reading the log. */
const AUDIT_LABELS: Record<AuditAction, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Failed sign-in',
  'auth.logout': 'Signed out',
  'auth.signup': 'Signed up',
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
  'apikey.narrowed': 'Narrowed an API key to its maker’s new role',
  'organization.created': 'Created the organization',
  'organization.updated': 'Updated the organization',
  'billing.changed': 'Changed billing',
};

function SecurityPage() {
  const { data: me } = useMe();
  const search = Route.useSearch();
  const canReadAudit = useCan('audit:read');
  if (!me) return <SectionLoading />;
  if (!me.organization) return <NoAccess>You are not a member of any organization. Ask an admin for an invite link.</NoAccess>;
  return (
    <div className="grid gap-6">
      <Roles />
      {canReadAudit ? (
        <AuditLog page={search.page ?? 1} action={auditActionOf(search.action)} timeZone={me.user.preferences.timezone} />
      ) : (
        <SettingsSection title="Audit log">
          <NoAccess>Your role cannot read the audit log. A Super Admin can.</NoAccess>
        </SettingsSection>
      )}
    </div>
  );
}

function Roles() {
  const roles = trpc.organizations.roles.useQuery(undefined, { retryOnMount: false });
  return (
    <SettingsSection
      title="Roles in your organization"
      description="Each role's permissions are checked by the server on every request."
      actions={
        <a href="/settings/organization" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Manage Roles &amp; Permissions
        </a>
      }
    >
      {roles.error ? (
        <FormAlert message={errorMessageOf(roles.error, 'Could not load the roles')} />
      ) : !roles.data ? (
        <SectionLoading />
      ) : (
        <ul aria-label="Roles" className="-mx-6 divide-y divide-gray-100 border-t border-gray-100 dark:divide-gray-800 dark:border-gray-800">
          {roles.data.map((r) => (
            <li key={r.role} className="flex items-center justify-between gap-4 px-6 py-4">
              <div>
                <p className="font-medium text-gray-900 dark:text-white">{r.label}</p>
                <p className="text-sm text-gray-600 dark:text-gray-400">{r.description}</p>
              </div>
              <span className="shrink-0 text-sm text-gray-700 dark:text-gray-300">
                {r.members} {r.members === 1 ? 'member' : 'members'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function AuditLog({ page, action, timeZone }: { page: number; action: AuditAction | undefined; timeZone: string | undefined }) {
  const navigate = useNavigate({ from: '/settings/security' });
  const audit = trpc.audit.list.useQuery({ page, limit: AUDIT_PAGE_SIZE, action }, { retryOnMount: false, placeholderData: (previous) => previous });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / AUDIT_PAGE_SIZE)) : 1;
  const go = (search: { page?: number; action?: AuditAction }) => void navigate({ search: (prev) => ({ ...prev, ...search }), resetScroll: false });

  return (
    <SettingsSection
      title="Audit log"
      description="Sign-ins, failed sign-ins, member, role, API key and settings changes, with who, when and from where."
      actions={
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
      }
    >
      {audit.error ? (
        <FormAlert message={errorMessageOf(audit.error, 'Could not load the audit log')} />
      ) : !audit.data ? (
        <SectionLoading />
      ) : audit.data.items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No entries{action ? ' for this action' : ''}.</p>
      ) : (
        <TableFrame label="Audit log" columns={['When', 'Action', 'By', 'From']}>
          <tbody>
            {audit.data.items.map((e) => (
              <tr key={e.id}>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(e.createdAt, timeZone)}</td>
                <td className={td}>
                  <span className="block text-gray-900 dark:text-white">{AUDIT_LABELS[e.action as AuditAction] ?? e.action}</span>
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
      )}
      {audit.data ? (
        <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between gap-3 text-sm text-gray-600 dark:text-gray-400">
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
    </SettingsSection>
  );
}
