import { createFileRoute } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { NOTIFICATION_TYPES, PASSWORD_MIN, type TPreferences, ZChangeEmailInput, ZChangePasswordInput, ZUpdatePreferencesInput, ZUpdateProfileInput } from '../../../lib/schema';
import { FormAlert, SelectField, TextField } from '../../../components/form';
import { SectionLoading, SettingsSection } from '../../../components/settings-section';
import { NotificationEmailsSection } from '../-components/notification-emails';
import { Button } from '../../../components/ui/button';
import { Input, Label, Switch } from '../../../components/ui/input';
import { type Me, savePreferences, useMe } from '../../../lib/auth';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../lib/forms';
import { timeZoneOptions } from '../../../lib/time-zones';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../state/toast';
import { themeChoiceAtom, type ThemeChoice } from '../../../state/ui';

export const Route = createFileRoute('/_app/settings/profile')({
  staticData: { title: 'Profile & preferences' },
  component: ProfilePage,
});

type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const NOTIFICATION_LABELS: Record<NotificationType, string> = {
  contact_created: 'A contact is added',
  deal_won: 'A deal is won',
  automation_completed: 'An automation finishes running',
  automation_failed: 'A run of a workflow you own fails',
  sms_received: 'An SMS is received',
  email_received: 'An e-mail reply is received',
  lead_captured: 'A lead is captured from a form',
  member_joined: 'A member joins the organization',
  import_finished: 'An import finishes',
};

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System (follow this device)' },
];

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
  { value: 'ar', label: 'العربية (Arabic)' },
] as const;

function ProfilePage() {
  const { data: me } = useMe();
  if (!me) return <SectionLoading />;
  return (
    <div className="grid gap-6">
      <ProfileSection me={me} />
      <EmailSection me={me} />
      <PreferencesSection me={me} />
      <NotificationEmailsSection />
      <PasswordSection email={me.user.email} />
    </div>
  );
}

function ProfileSection({ me }: { me: Me }) {
  const utils = trpc.useUtils();
  const update = trpc.auth.updateProfile.useMutation();
  const [name, setName] = useState(me.user.name);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = validateForm(ZUpdateProfileInput, { name });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      utils.auth.me.setData(undefined, await update.mutateAsync(parsed.data));
      toast({ title: 'Profile saved' });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['name'], 'Could not save your profile');
      setErrors(fieldErrors);
      setFormError(message);
    }
  }

  return (
    <SettingsSection title="Profile" description="How you appear to the other members of your organizations.">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-xl gap-4" aria-label="Profile">
        <FormAlert message={formError} />
        <TextField label="Name" name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="profile-email">E-mail</Label>
          <Input id="profile-email" type="email" autoComplete="email" readOnly value={me.user.email} />
        </div>
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save profile'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

/** A new sign-in address: verified by a link sent to it; the old address is told. */
function EmailSection({ me }: { me: Me }) {
  const utils = trpc.useUtils();
  const change = trpc.account.changeEmail.useMutation();
  const empty = { email: '', currentPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = validateForm(ZChangeEmailInput, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      utils.auth.me.setData(undefined, await change.mutateAsync(parsed.data));
      setValues(empty);
      toast({ title: 'E-mail changed', description: `Open the link we sent to ${parsed.data.email} to verify it.` });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['email', 'currentPassword'], 'Could not change your e-mail');
      setErrors(fieldErrors);
      setFormError(message);
    }
  }

  return (
    <SettingsSection
      title="E-mail address"
      description={`You sign in with ${me.user.email}${me.user.emailVerified ? '' : ' (not verified yet)'}. A new address is verified by a link sent to it, and the current one is told of the change.`}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-xl gap-4" aria-label="Change e-mail">
        <FormAlert message={formError} />
        <TextField
          label="New e-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          error={errors.email}
        />
        <TextField
          label="Your password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
          error={errors.currentPassword}
        />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change e-mail'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

type PreferencesForm = Required<Omit<TPreferences, 'notifications'>> & { notifications: Record<NotificationType, boolean> };

function PreferencesSection({ me }: { me: Me }) {
  const setThemeChoice = useSetAtom(themeChoiceAtom);
  const [values, setValues] = useState<PreferencesForm>(() => ({
    theme: me.user.preferences.theme,
    language: me.user.preferences.language,
    timezone: me.user.preferences.timezone,
    toasts: me.user.preferences.toasts,
    notifications: { ...me.user.preferences.notifications },
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => timeZoneOptions(me.user.preferences.timezone), [me.user.preferences.timezone]);
  const themeName = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = validateForm(ZUpdatePreferencesInput, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setSaving(true);
    try {
      const saved = await savePreferences(parsed.data);
      setThemeChoice(saved.theme);
      toast({ title: 'Preferences saved' });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(
        failure,
        ['theme', 'language', 'timezone', 'toasts', ...NOTIFICATION_TYPES.map((t) => `notifications.${t}`)],
        'Could not save your preferences',
      );
      setErrors(fieldErrors);
      setFormError(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsSection title="Preferences" description="Saved to your account, so they follow you to every device.">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-xl gap-6" aria-label="Preferences">
        <FormAlert message={formError} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-900 dark:text-gray-100">Theme</legend>
          <div className="flex flex-wrap gap-2">
            {THEMES.map((t) => (
              <label
                key={t.value}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-gray-700 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-500/15"
              >
                <input type="radio" name={themeName} value={t.value} checked={values.theme === t.value} onChange={() => setValues((v) => ({ ...v, theme: t.value }))} className="accent-indigo-600" />
                {t.label}
              </label>
            ))}
          </div>
          {errors.theme ? <p className="text-sm text-red-600 dark:text-red-400">Theme {errors.theme}</p> : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Language"
            name="language"
            value={values.language}
            onChange={(e) => setValues((v) => ({ ...v, language: e.target.value as PreferencesForm['language'] }))}
            error={errors.language}
          >
            {LANGUAGES.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Time zone" name="timezone" value={values.timezone} onChange={(e) => setValues((v) => ({ ...v, timezone: e.target.value }))} error={errors.timezone}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium text-gray-900 dark:text-gray-100">Notify me when</legend>
          {NOTIFICATION_TYPES.map((type) => (
            <Toggle
              key={type}
              label={NOTIFICATION_LABELS[type]}
              checked={values.notifications[type]}
              onChange={(checked) => setValues((v) => ({ ...v, notifications: { ...v.notifications, [type]: checked } }))}
            />
          ))}
        </fieldset>
        <Toggle label="Show a pop-up for each new notification" checked={values.toasts} onChange={(checked) => setValues((v) => ({ ...v, toasts: checked }))} />
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save preferences'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <Label htmlFor={id} className="font-normal text-gray-700 dark:text-gray-300">
        {label}
      </Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

function PasswordSection({ email }: { email: string }) {
  const utils = trpc.useUtils();
  const change = trpc.auth.changePassword.useMutation();
  const empty = { currentPassword: '', newPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = validateForm(ZChangePasswordInput, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      await change.mutateAsync(parsed.data);
      setValues(empty);
      void utils.auth.sessions.invalidate();
      toast({ title: 'Password changed', description: 'Your other sessions were signed out.' });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['currentPassword', 'newPassword'], 'Could not change your password');
      setErrors(fieldErrors);
      setFormError(message);
    }
  }

  return (
    <SettingsSection title="Password" description="Changing it signs out your other sessions.">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-xl gap-4" aria-label="Change password">
        <FormAlert message={formError} />
        {/* Lets password managers tie the new password to this account. */}
        <input type="email" name="username" autoComplete="username" hidden readOnly value={email} />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          value={values.newPassword}
          onChange={(e) => setValues((v) => ({ ...v, newPassword: e.target.value }))}
          error={errors.newPassword}
        />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
