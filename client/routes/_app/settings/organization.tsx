import { createFileRoute } from '@tanstack/react-router';
import { MailPlusIcon, SendIcon, Trash2Icon, UserMinusIcon } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { ROLE_LABELS, type TRole, ZInviteMemberInput, ZUpdateOrganizationInput } from '../../../lib/schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RoleOptions } from '../../../components/role-options';
import { CopyField, FormAlert, SelectField, TextField } from '../../../components/form';
import { NoAccess, phoneCell, phoneHidden, phoneRow, phoneWide, SectionLoading, SettingsSection, TableFrame, td as tdWide } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { Label, Select } from '../../../components/ui/input';
import { type Me, showError, useCan, useMe } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { errorMessageOf } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../lib/forms';
import { grantableRoles, mayManage } from '../../../lib/roles';
import { timeZoneOptions } from '../../../lib/time-zones';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../state/toast';

export const Route = createFileRoute('/_app/settings/organization')({
  staticData: { title: 'Organization & members' },
  component: OrganizationPage,
});

function OrganizationPage() {
  const { data: me } = useMe();
  if (!me) return <SectionLoading />;
  if (!me.organization) return <NoAccess>You are not a member of any organization. Ask an admin for an invite link.</NoAccess>;
  return (
    <div className="grid gap-6">
      <OrganizationSection me={me} />
      <MembersSection me={me} />
    </div>
  );
}

function OrganizationSection({ me }: { me: Me }) {
  const canManage = useCan('settings:manage');
  const current = trpc.organizations.current.useQuery(undefined, { retryOnMount: false });
  return (
    <SettingsSection title="Organization" description="Its name, where it works from, its public phone, and who sees what.">
      {current.error ? (
        <FormAlert message={errorMessageOf(current.error, 'Could not load the organization')} />
      ) : !current.data ? (
        <SectionLoading />
      ) : canManage ? (
        <OrganizationForm key={current.data.id} organization={current.data} timeZone={me.user.preferences.timezone} />
      ) : (
        <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-gray-500 dark:text-gray-400">Name</dt>
          <dd className="font-medium">{current.data.name}</dd>
          <dt className="text-gray-500 dark:text-gray-400">Country</dt>
          <dd>{current.data.settings.country}</dd>
          <dt className="text-gray-500 dark:text-gray-400">Time zone</dt>
          <dd>{current.data.settings.timezone}</dd>
          <dt className="text-gray-500 dark:text-gray-400">Business phone</dt>
          <dd>{current.data.settings.phone ?? 'None'}</dd>
          <dt className="text-gray-500 dark:text-gray-400">Visibility</dt>
          <dd>{current.data.settings.salesRepsSeeOwnOnly ? 'Sales Reps see only contacts and deals they own' : 'Everyone sees all contacts and deals'}</dd>
        </dl>
      )}
    </SettingsSection>
  );
}

type Organization = { id: string; name: string; settings: { country: string; timezone: string; salesRepsSeeOwnOnly: boolean; phone: string | null } };

function OrganizationForm({ organization, timeZone }: { organization: Organization; timeZone: string }) {
  const utils = trpc.useUtils();
  const update = trpc.organizations.update.useMutation();
  const [values, setValues] = useState({
    name: organization.name,
    country: organization.settings.country,
    timezone: organization.settings.timezone,
    salesRepsSeeOwnOnly: organization.settings.salesRepsSeeOwnOnly,
    phone: organization.settings.phone ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const zones = useMemo(() => timeZoneOptions(organization.settings.timezone, timeZone), [organization.settings.timezone, timeZone]);
  const ownOnlyId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZUpdateOrganizationInput, { ...values, country: values.country.trim().toUpperCase() });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      utils.organizations.current.setData(undefined, await update.mutateAsync(parsed.data));
      // The name also shows in the account menu.
      void utils.auth.me.invalidate();
      toast({ title: 'Organization saved' });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['name', 'country', 'timezone', 'salesRepsSeeOwnOnly', 'phone'], 'Could not save the organization');
      setErrors(fieldErrors);
      if (message) showError(failure, 'Could not save the organization');
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-xl gap-4" aria-label="Organization settings">
      <TextField
        label="Organization name"
        name="name"
        autoComplete="organization"
        required
        value={values.name}
        onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        error={errors.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Country"
          name="country"
          autoComplete="country"
          maxLength={2}
          hint="Two-letter ISO code, such as US or FR."
          value={values.country}
          onChange={(e) => setValues((v) => ({ ...v, country: e.target.value.toUpperCase() }))}
          error={errors.country}
        />
        <SelectField label="Time zone" name="timezone" value={values.timezone} onChange={(e) => setValues((v) => ({ ...v, timezone: e.target.value }))} error={errors.timezone}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Business phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        hint="Public: the Footer block of your website pages shows it, from their next publish. Without a +, it is read as a number of the country above."
        value={values.phone}
        onChange={(e) => setValues((v) => ({ ...v, phone: e.target.value }))}
        error={errors.phone}
      />
      <div className="flex items-start gap-3">
        <input
          id={ownOnlyId}
          type="checkbox"
          checked={values.salesRepsSeeOwnOnly}
          onChange={(e) => setValues((v) => ({ ...v, salesRepsSeeOwnOnly: e.target.checked }))}
          className="mt-0.5 size-4 accent-indigo-600"
        />
        <Label htmlFor={ownOnlyId} className="font-normal">
          Sales Reps see only contacts and deals they own
        </Label>
      </div>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save organization'}
        </Button>
      </div>
    </form>
  );
}

function MembersSection({ me }: { me: Me }) {
  const canManage = useCan('members:manage');
  const list = trpc.members.list.useQuery(undefined, { retryOnMount: false });
  const myRole = me.organization?.role;
  return (
    <>
      <SettingsSection title="Members" description="Everyone who can sign in to this organization, and their role.">
        {list.error ? (
          <FormAlert message={errorMessageOf(list.error, 'Could not load the members')} />
        ) : !list.data ? (
          <SectionLoading />
        ) : (
          <TableFrame label="Members" stackOnPhone columns={['Member', 'Role', 'Joined', ...(canManage ? [{ label: 'Actions', srOnly: true }] : [])]}>
            <tbody>
              {list.data.members.map((m) => {
                const self = m.userId === me.user.id;
                const editable = canManage && !self && mayManage(myRole, m.role);
                return (
                  <tr key={m.userId} className={phoneRow}>
                    <td className={cn(td, phoneWide)}>
                      <span className="block font-medium break-words text-gray-900 dark:text-white">
                        {m.name}
                        {self ? <span className="ml-2 text-xs font-normal text-gray-500 dark:text-gray-400">(you)</span> : null}
                      </span>
                      <span className="block break-all text-gray-500 sm:break-normal dark:text-gray-400">{m.email}</span>
                      <span className="block text-xs text-gray-500 sm:hidden dark:text-gray-400">Joined {formatDate(m.joinedAt, me.user.preferences.timezone)}</span>
                    </td>
                    <td className={td}>{editable ? <RoleSelect member={m} myRole={myRole} /> : ROLE_LABELS[m.role].label}</td>
                    <td className={cn(td, phoneHidden)}>{formatDate(m.joinedAt, me.user.preferences.timezone)}</td>
                    {canManage ? <td className={`${td} text-right`}>{editable ? <RemoveMember member={m} /> : null}</td> : null}
                  </tr>
                );
              })}
            </tbody>
          </TableFrame>
        )}
      </SettingsSection>
      {list.data && (canManage || list.data.invites.length > 0) ? (
        <SettingsSection title="Pending invites" description="Invites e-mailed and not yet used. Each link works once, for seven days; resending e-mails a new link and ends the earlier one.">
          {list.data.invites.length === 0 ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">No pending invites.</p>
          ) : (
            <TableFrame label="Pending invites" stackOnPhone columns={['E-mail', 'Role', 'Expires', ...(canManage ? [{ label: 'Actions', srOnly: true }] : [])]}>
              <tbody>
                {list.data.invites.map((invite) => (
                  <tr key={invite.id} className={phoneRow}>
                    <td className={cn(td, phoneWide)}>
                      <span className="block break-all sm:break-normal">{invite.email}</span>
                      <span className="block text-xs text-gray-500 sm:hidden dark:text-gray-400">Expires {formatDate(invite.expiresAt, me.user.preferences.timezone)}</span>
                    </td>
                    <td className={td}>{ROLE_LABELS[invite.role].label}</td>
                    <td className={cn(td, phoneHidden)}>{formatDate(invite.expiresAt, me.user.preferences.timezone)}</td>
                    {canManage ? (
                      <td className={`${td} text-right`}>
                        <ResendInvite invite={invite} />
                        <RevokeInvite invite={invite} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </TableFrame>
          )}
        </SettingsSection>
      ) : null}
      {canManage ? <InviteSection myRole={myRole} /> : null}
    </>
  );
}

/** The tables' cells; on a phone each row is a small card (stackOnPhone). */
const td = cn(tdWide, phoneCell);

type Member = { userId: string; name: string; email: string; role: TRole };

function RoleSelect({ member, myRole }: { member: Member; myRole: TRole | undefined }) {
  const utils = trpc.useUtils();
  const change = trpc.members.changeRole.useMutation({
    onSuccess: ({ role }) => {
      toast({ title: 'Role changed', description: `${member.name} is now ${ROLE_LABELS[role].label}.` });
      void utils.members.list.invalidate();
      void utils.organizations.roles.invalidate();
    },
    onError: (error) => showError(error, 'Could not change the role'),
  });
  return (
    <Select
      aria-label={`Role of ${member.name}`}
      value={member.role}
      disabled={change.isPending}
      onChange={(e) => change.mutate({ userId: member.userId, role: e.target.value as TRole })}
      className="w-full max-w-48 sm:w-40"
    >
      <RoleOptions roles={grantableRoles(myRole)} />
    </Select>
  );
}

function RemoveMember({ member }: { member: Member }) {
  const utils = trpc.useUtils();
  const remove = trpc.members.remove.useMutation();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Remove ${member.name}`}>
          <UserMinusIcon className="size-4" aria-hidden />
          Remove
        </Button>
      }
      title={`Remove ${member.name}?`}
      description={`${member.email} will lose access to this organization at once. You can invite them again later.`}
      confirmLabel="Remove member"
      pendingLabel="Removing..."
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ userId: member.userId });
          toast({ title: 'Member removed', description: `${member.name} no longer has access.` });
          await Promise.all([utils.members.list.invalidate(), utils.organizations.roles.invalidate()]);
        } catch (error) {
          showError(error, 'Could not remove the member');
        }
      }}
    />
  );
}

function ResendInvite({ invite }: { invite: { id: string; email: string } }) {
  const utils = trpc.useUtils();
  const resend = trpc.members.resendInvite.useMutation({
    onSuccess: ({ emailed }) => {
      toast(
        emailed
          ? { title: 'Invite e-mailed again', description: `${invite.email} has a new link; the earlier one no longer works.` }
          : { title: 'Invite renewed, not e-mailed', description: `No e-mail could be sent to ${invite.email} (it bounced before). Invite them again to copy a link to send yourself.` },
      );
      void utils.members.list.invalidate();
    },
    onError: (error) => showError(error, 'Could not resend the invite'),
  });
  return (
    <Button variant="ghost" size="sm" aria-label={`Resend the invite to ${invite.email}`} disabled={resend.isPending} onClick={() => resend.mutate({ id: invite.id })}>
      <SendIcon className="size-4" aria-hidden />
      {resend.isPending ? 'Sending...' : 'Resend'}
    </Button>
  );
}

function RevokeInvite({ invite }: { invite: { id: string; email: string } }) {
  const utils = trpc.useUtils();
  const revoke = trpc.members.revokeInvite.useMutation();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Revoke the invite for ${invite.email}`}>
          <Trash2Icon className="size-4" aria-hidden />
          Revoke
        </Button>
      }
      title="Revoke this invite?"
      description={`The link sent to ${invite.email} will stop working.`}
      confirmLabel="Revoke invite"
      pendingLabel="Revoking..."
      onConfirm={async () => {
        try {
          await revoke.mutateAsync({ id: invite.id });
          toast({ title: 'Invite revoked' });
          await utils.members.list.invalidate();
        } catch (error) {
          showError(error, 'Could not revoke the invite');
        }
      }}
    />
  );
}

function InviteSection({ myRole }: { myRole: TRole | undefined }) {
  const utils = trpc.useUtils();
  const invite = trpc.members.invite.useMutation();
  const roles = grantableRoles(myRole);
  const [values, setValues] = useState<{ email: string; role: TRole }>({ email: '', role: roles.includes('sales_rep') ? 'sales_rep' : (roles[roles.length - 1] ?? 'viewer') });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<{ url: string; email: string; role: TRole; expiresAt: string; emailed: boolean } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZInviteMemberInput, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      const result = await invite.mutateAsync(parsed.data);
      setCreated(result);
      setValues((v) => ({ ...v, email: '' }));
      void utils.members.list.invalidate();
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['email', 'role'], 'Could not create the invite');
      setErrors(fieldErrors);
      if (message) showError(failure, 'Could not create the invite');
    }
  }

  return (
    <SettingsSection title="Invite a member" description="E-mails one person a link to join; you can also copy the link and send it yourself. It works once, for seven days.">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-xl gap-4" aria-label="Invite a member">
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="off"
            inputMode="email"
            required
            value={values.email}
            onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
            error={errors.email}
          />
          <SelectField label="Role" name="role" value={values.role} onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as TRole }))} error={errors.role}>
            <RoleOptions roles={roles} />
          </SelectField>
        </div>
        <p className="text-xs text-gray-500 dark:text-gray-400">
          {ROLE_LABELS[values.role].label}: {ROLE_LABELS[values.role].description}.
        </p>
        <div>
          <Button type="submit" disabled={invite.isPending}>
            <MailPlusIcon className="size-4" aria-hidden />
            {invite.isPending ? 'Creating link...' : 'Invite'}
          </Button>
        </div>
      </form>
      {created ? (
        <div role="status" className="mt-6 max-w-xl rounded-lg border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900 dark:bg-indigo-950/40">
          <p className="mb-3 text-sm text-gray-800 dark:text-gray-200">
            {created.emailed ? (
              <>
                Invite e-mailed to <strong>{created.email}</strong> as {ROLE_LABELS[created.role].label}. You can also copy the link and send it yourself.
              </>
            ) : (
              <>
                Invite created for <strong>{created.email}</strong> as {ROLE_LABELS[created.role].label}, but no e-mail could be sent to this address (it bounced before): copy the link and send it
                yourself.
              </>
            )}
          </p>
          <CopyField label="Invite link" value={created.url} hint={`Anyone with this link can join as ${ROLE_LABELS[created.role].label} until ${formatDate(created.expiresAt)}.`} />
        </div>
      ) : null}
    </SettingsSection>
  );
}
