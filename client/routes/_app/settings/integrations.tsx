import { createFileRoute, Link } from '@tanstack/react-router';
import { CircleCheckIcon, CircleDashedIcon } from 'lucide-react';
import { EventDeliveries } from '../../../components/event-deliveries';
import { FormAlert } from '../../../components/form';
import { NoAccess, SectionLoading, SettingsSection, TableFrame, td } from '../../../components/settings-section';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { focusRing } from '../../../components/ui/focus';
import { useCan, useMe } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { errorMessageOf } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { ProviderSettings } from '../-components/integrations/provider-settings';

export const Route = createFileRoute('/_app/settings/integrations')({
  staticData: { title: 'Integrations' },
  // The provider settings are for admins: another role's loader leaves them out (the screen says why).
  loader: ({ context }) => Promise.all([context.trpc.leads.integrationLog.ensureData(), context.trpc.providers.overview.ensureData().catch(() => undefined)]),
  component: IntegrationsPage,
});

const STATUS_TONES: Record<string, BadgeTone> = { delivered: 'green', pending: 'gray', retrying: 'amber', failed: 'red' };
const linkClass = cn('rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing);

/** Provider settings (admins), then where the public site's leads go: the receiving organization, Kit (ConvertKit) and each forwarding's outcome. */
function IntegrationsPage() {
  const { data: me } = useMe();
  const canRead = useCan('forms:read');
  const canManageProviders = useCan('providers:manage');
  const log = trpc.leads.integrationLog.useQuery(undefined, { enabled: canRead });
  if (!me) return <SectionLoading />;
  if (!canRead) return <NoAccess>Your role does not allow reading the forms’ integrations (forms:read is required).</NoAccess>;
  if (log.error) return <FormAlert message={errorMessageOf(log.error, 'Could not read the integrations log')} />;
  if (!log.data) return <SectionLoading />;
  const { kit, siteOwner, deliveries } = log.data;
  const timeZone = me.user.preferences.timezone;
  return (
    <div className="grid gap-6">
      {canManageProviders ? <Providers /> : null}
      <SettingsSection title="Public site leads" description="The organization that receives the leads of the public site’s forms (LEADS_ORGANIZATION_ID, or the first organization created).">
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {siteOwner === null
            ? 'No organization can receive the site’s leads: LEADS_ORGANIZATION_ID names no organization on this server.'
            : siteOwner.isThisOrganization
              ? `${siteOwner.name ?? 'This organization'} receives them${siteOwner.configured ? ' (set by LEADS_ORGANIZATION_ID)' : ' (the first organization created on this server)'}. `
              : 'Another organization on this server receives them; this organization gets no public leads.'}
          {siteOwner?.isThisOrganization ? (
            <Link to="/contacts/forms" className={linkClass}>
              See the forms
            </Link>
          ) : null}
        </p>
      </SettingsSection>
      <SettingsSection
        title="Kit (ConvertKit)"
        description="Each lead is also sent to Kit as a subscriber with its tags, by a background job retried with backoff when Kit fails."
        actions={
          kit.configured ? (
            <Badge tone="green">
              <CircleCheckIcon className="size-3.5" aria-hidden />
              Configured
            </Badge>
          ) : (
            <Badge>
              <CircleDashedIcon className="size-3.5" aria-hidden />
              Not configured
            </Badge>
          )
        }
      >
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {kit.configured
            ? `Sending to ${kit.baseUrl}.`
            : 'Set KIT_API_KEY on the server, or save a key in the Kit settings above (it applies when the server next starts), to forward leads to Kit. Until then leads are kept in the CRM only and nothing is sent.'}
        </p>
      </SettingsSection>
      <SettingsSection title="Deliveries" description="The latest leads forwarded from this organization, with their attempts and the last error.">
        {deliveries.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">Nothing has been forwarded yet.</p>
        ) : (
          <TableFrame label="Deliveries" columns={['Lead', 'Form', 'Status', { label: 'Attempts', align: 'right' }, 'Last attempt', 'Last error']}>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <td className={td}>
                    {d.contactId ? (
                      <Link to="/contacts/$contactId" params={{ contactId: d.contactId }} className={linkClass}>
                        {d.email}
                      </Link>
                    ) : (
                      d.email
                    )}
                  </td>
                  <td className={td}>{d.formId}</td>
                  <td className={td}>
                    <Badge tone={STATUS_TONES[d.status] ?? 'gray'}>{d.status}</Badge>
                  </td>
                  <td className={cn(td, 'text-right tabular-nums')}>{d.attempts}</td>
                  <td className={cn(td, 'whitespace-nowrap')}>{d.lastAttemptAt ? <time dateTime={d.lastAttemptAt}>{formatDateTime(d.lastAttemptAt, timeZone)}</time> : '—'}</td>
                  <td className={cn(td, 'max-w-xs break-words text-gray-700 dark:text-gray-300')}>{d.lastError ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </SettingsSection>
      <EventDeliveries timeZone={timeZone} />
    </div>
  );
}

/** Twilio, SMTP, Stripe and Kit as set here or by the server's environment (which wins). */
function Providers() {
  const overview = trpc.providers.overview.useQuery(undefined, { retryOnMount: false });
  if (overview.error) return <FormAlert message={errorMessageOf(overview.error, 'Could not load the provider settings')} />;
  if (!overview.data) return <SectionLoading />;
  const { providers, secretsKey } = overview.data;
  return (
    <>
      {secretsKey.available ? null : <FormAlert message={secretsKey.message} />}
      {providers.map((status) => (
        <ProviderSettings key={status.provider} status={status} />
      ))}
    </>
  );
}
