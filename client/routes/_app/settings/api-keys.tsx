import { createFileRoute } from '@tanstack/react-router';
import { KeyRoundIcon, TriangleAlertIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ROLE_LABELS, type TRole, ZCreateApiKeyInput } from '../../../lib/schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RoleOptions } from '../../../components/role-options';
import { CopyField, FormAlert, SelectField, TextField } from '../../../components/form';
import { NoAccess, SectionLoading, SettingsSection, TableFrame, td } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { showError, useCan, useMe } from '../../../lib/auth';
import { errorMessageOf } from '../../../lib/errors';
import { formatDate, formatRelative } from '../../../lib/format';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../lib/forms';
import { grantableRoles } from '../../../lib/roles';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../state/toast';

export const Route = createFileRoute('/_app/settings/api-keys')({
  staticData: { title: 'API keys' },
  component: ApiKeysPage,
});

function ApiKeysPage() {
  const { data: me } = useMe();
  const canManage = useCan('apikeys:manage');
  if (!me) return <SectionLoading />;
  if (!canManage) {
    return <NoAccess>Your role does not allow managing API keys (apikeys:manage is required). Ask an Admin or Super Admin.</NoAccess>;
  }
  return (
    <div className="grid gap-6">
      <CreateKeySection myRole={me.organization?.role} />
      <KeysSection timeZone={me.user.preferences.timezone} />
    </div>
  );
}

type CreatedKey = { id: string; name: string; role: TRole; scopes: string[] | null; prefix: string; secret: string };

/** How much of its role a new key carries: all of it, its read permissions, or the ones ticked. */
type Access = 'all' | 'read' | 'chosen';

/** What a key's scopes come to, in words. */
function accessLabel(scopes: readonly string[] | null): string {
  if (!scopes) return 'All of the role';
  if (scopes.every((s) => s.endsWith(':read'))) return scopes.length === 1 ? `Read ${scopes[0]!.split(':')[0]}` : `Read only (${scopes.length})`;
  return scopes.length === 1 ? scopes[0]! : `${scopes.length} permissions`;
}

function CreateKeySection({ myRole }: { myRole: TRole | undefined }) {
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation();
  const roles = grantableRoles(myRole);
  const [values, setValues] = useState<{ name: string; role: TRole }>({ name: '', role: roles.includes('viewer') ? 'viewer' : (roles[0] ?? 'viewer') });
  const [access, setAccess] = useState<Access>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const choices = trpc.apiKeys.scopeChoices.useQuery(undefined, { retryOnMount: false });
  const carried = choices.data?.find((c) => c.role === values.role)?.permissions ?? [];
  const scopes = access === 'all' ? undefined : access === 'read' ? carried.filter((p) => p.endsWith(':read')) : chosen.filter((p) => (carried as readonly string[]).includes(p));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedKey | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZCreateApiKeyInput, { ...values, scopes });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      setCreated(await create.mutateAsync(parsed.data));
      setValues((v) => ({ ...v, name: '' }));
      setAccess('all');
      setChosen([]);
      void utils.apiKeys.list.invalidate();
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['name', 'role', 'scopes'], 'Could not create the API key');
      setErrors(fieldErrors);
      if (message) showError(failure, 'Could not create the API key');
    }
  }

  return (
    <SettingsSection
      title="Create an API key"
      description="For scripts and integrations. A key acts for you with the permissions of the role you give it — never more than your own role, and it stops working if you leave the organization — or only some of them: read only, or the ones you choose. Keys cannot manage members, API keys or provider settings. Send it as “Authorization: Bearer <key>”."
    >
      {created ? (
        <div role="status" className="flex max-w-2xl flex-col gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40">
          <p className="flex items-start gap-2 text-sm font-medium text-amber-900 dark:text-amber-200">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            Copy this key now. You won’t see it again: only a fingerprint of it is stored.
          </p>
          <CopyField label="API key" value={created.secret} hint={`“${created.name}”, role ${ROLE_LABELS[created.role].label}, access: ${accessLabel(created.scopes).toLowerCase()}.`} />
          <div>
            <Button variant="outline" onClick={() => setCreated(null)}>
              I have copied it
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-xl gap-4" aria-label="Create an API key">
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <TextField
              label="Name"
              name="name"
              autoComplete="off"
              placeholder="e.g. Website form"
              required
              value={values.name}
              onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
              error={errors.name}
            />
            <SelectField label="Role" name="role" value={values.role} onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as TRole }))} error={errors.role}>
              <RoleOptions roles={roles} />
            </SelectField>
          </div>
          <SelectField
            label="Access"
            name="access"
            value={access}
            onChange={(e) => setAccess(e.target.value as Access)}
            hint={access === 'read' ? `Reads only: ${carried.filter((p) => p.endsWith(':read')).join(', ')}.` : undefined}
            error={access === 'chosen' ? undefined : errors.scopes}
          >
            <option value="all">Everything the role allows</option>
            <option value="read">Read only</option>
            <option value="chosen">Only the permissions I choose</option>
          </SelectField>
          {access === 'chosen' ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-gray-900 dark:text-white">Permissions of this key</legend>
              <div className="grid gap-x-6 gap-y-1.5 sm:grid-cols-2">
                {carried.map((permission) => (
                  <label key={permission} className="flex items-center gap-2 font-mono text-xs text-gray-800 dark:text-gray-200">
                    <input
                      type="checkbox"
                      className="size-4 accent-indigo-600"
                      checked={chosen.includes(permission)}
                      onChange={(e) => setChosen((c) => (e.target.checked ? [...c, permission] : c.filter((p) => p !== permission)))}
                    />
                    {permission}
                  </label>
                ))}
              </div>
              {errors.scopes ? (
                <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                  {errors.scopes}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <div>
            <Button type="submit" disabled={create.isPending}>
              <KeyRoundIcon className="size-4" aria-hidden />
              {create.isPending ? 'Creating...' : 'Create API key'}
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}

function KeysSection({ timeZone }: { timeZone: string }) {
  const list = trpc.apiKeys.list.useQuery(undefined, { retryOnMount: false });
  return (
    <SettingsSection title="API keys" description="Keys of this organization. A revoked key stops working at once.">
      {list.error ? (
        <FormAlert message={errorMessageOf(list.error, 'Could not load the API keys')} />
      ) : !list.data ? (
        <SectionLoading />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No API keys yet.</p>
      ) : (
        <TableFrame label="API keys" columns={['Name', 'Key', 'Role', 'Access', 'Created by', 'Created', 'Last used', { label: 'Status', srOnly: true }]}>
          <tbody>
            {list.data.map((key) => (
              <tr key={key.id} className={key.revokedAt ? 'opacity-60' : undefined}>
                <td className={`${td} font-medium text-gray-900 dark:text-white`}>{key.name}</td>
                <td className={`${td} font-mono text-xs`}>{key.prefix}…</td>
                <td className={td}>{ROLE_LABELS[key.role].label}</td>
                <td className={td} title={key.scopes?.join(', ')}>
                  {accessLabel(key.scopes)}
                </td>
                <td className={td}>{key.createdBy ?? '—'}</td>
                <td className={td}>{formatDate(key.createdAt, timeZone)}</td>
                <td className={td}>{key.lastUsedAt ? formatRelative(key.lastUsedAt, new Date(), timeZone) : 'Never'}</td>
                <td className={`${td} text-right`}>{key.revokedAt ? <span className="text-xs">Revoked {formatDate(key.revokedAt, timeZone)}</span> : <RevokeKey apiKey={key} />}</td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </SettingsSection>
  );
}

function RevokeKey({ apiKey }: { apiKey: { id: string; name: string; prefix: string } }) {
  const utils = trpc.useUtils();
  const revoke = trpc.apiKeys.revoke.useMutation();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      }
      title={`Revoke “${apiKey.name}”?`}
      description={`Anything using the key ${apiKey.prefix}… will be refused from now on. This cannot be undone.`}
      confirmLabel="Revoke key"
      pendingLabel="Revoking..."
      onConfirm={async () => {
        try {
          await revoke.mutateAsync({ id: apiKey.id });
          toast({ title: 'API key revoked' });
          await utils.apiKeys.list.invalidate();
        } catch (error) {
          showError(error, 'Could not revoke the API key');
        }
      }}
    />
  );
}
