import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FileCheckIcon, KeyRoundIcon, LockKeyholeIcon, type LucideIcon, ScrollTextIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { PublicLayout } from '../../components/public-layout';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { SECURITY_TEXTS, type SecurityTexts } from '../../content/security';
import { type Texts, useT } from '../../i18n';
import { withIcons } from '../../lib/marketing/with-icons';
import { SECURITY_TABS, type SecurityTab } from '../../lib/security-tabs';

/** ?tab= of a shared link; anything else opens the overview (zod-free: the page stays light). */
export function validateSecuritySearch(search: Record<string, unknown>): { tab: SecurityTab | undefined } {
  // Said even when undefined: the route's search would otherwise keep the raw value.
  return { tab: SECURITY_TABS.find((t) => t === search.tab) };
}

export const Route = createFileRoute('/(site)/enterprise-security')({
  validateSearch: validateSecuritySearch,
  staticData: {
    title: 'Enterprise Security Center',
    description: 'Switchboard security: role-based access, a complete audit log, hashed credentials, scoped API keys, GDPR support and self-hosting on your own servers.',
  },
  component: SecurityCenter,
});

type Text = Texts<SecurityTexts>;

const OVERVIEW_ICONS: Record<keyof SecurityTexts['overview'], LucideIcon> = { roles: UsersIcon, audit: ScrollTextIcon, credentials: LockKeyholeIcon, apiKeys: KeyRoundIcon };

/** Spec app-core §2.8: the identity providers single sign-on is planned for; none is built yet. */
const SSO_PROVIDERS = ['Okta', 'Microsoft Entra ID', 'Google Workspace', 'OneLogin'] as const;

/**
 * The security center's public face (spec app-core §2.8, issue #9): what Switchboard does to keep an
 * organization's data safe. A member's own roles and audit log are in the app, at /settings/security.
 */
function SecurityCenter() {
  const { text } = useT(SECURITY_TEXTS);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/enterprise-security' });
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm font-medium text-indigo-700 dark:text-indigo-400">
            <ShieldCheckIcon className="size-4" aria-hidden />
            {text.eyebrow}
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{text.title}</h1>
          <p className="max-w-3xl text-lg text-gray-600 dark:text-gray-300">{text.lead}</p>
        </div>
        <Tabs value={search.tab ?? 'overview'} onValueChange={(next) => void navigate({ search: { tab: next as SecurityTab }, replace: true, resetScroll: false })} className="mt-10">
          <TabsList aria-label={text.tabsLabel} className="flex-wrap">
            {SECURITY_TABS.map((t) => (
              <TabsTrigger key={t} value={t}>
                {text.tabs[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <Overview text={text} />
          </TabsContent>
          <TabsContent value="compliance">
            <Compliance text={text} />
          </TabsContent>
          <TabsContent value="access">
            <Roles text={text} />
          </TabsContent>
          <TabsContent value="audit">
            <Audit text={text} />
          </TabsContent>
        </Tabs>
      </section>
    </PublicLayout>
  );
}

function FeatureCard({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <Card>
      <CardHeader>
        <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}

function Overview({ text }: { text: Text }) {
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">{text.tabs.overview}</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {withIcons(OVERVIEW_ICONS, text.overview).map((f) => (
          <FeatureCard key={f.title} {...f} />
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h3">{text.sso.title}</CardTitle>
          <CardDescription>{text.sso.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={text.sso.providersLabel}>
            {SSO_PROVIDERS.map((name) => (
              <li key={name} className="flex items-center justify-between rounded-lg border border-gray-200 px-4 py-3 text-sm dark:border-gray-800">
                <span className="font-medium text-gray-900 dark:text-white">{name}</span>
                <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-300">{text.sso.planned}</span>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            {/* Application screens are plain page loads from public pages (decision 009). */}
            <a href="/settings/organization" className={buttonClasses()}>
              {text.sso.manageRoles}
            </a>
            <Button variant="outline" disabled aria-describedby="sso-note">
              {text.sso.configure}
            </Button>
          </div>
          <p id="sso-note" className="mt-2 text-xs text-gray-600 dark:text-gray-400">
            {text.sso.note}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

function Compliance({ text }: { text: Text }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <h2 className="sr-only">{text.tabs.compliance}</h2>
      {Object.values(text.compliance).map((item) => (
        <FeatureCard key={item.title} icon={FileCheckIcon} title={item.title} text={item.text} />
      ))}
    </div>
  );
}

function Roles({ text }: { text: Text }) {
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{text.rolesTitle}</h2>
      <ul aria-label={text.rolesLabel} className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900">
        {Object.entries(text.roles).map(([role, { label, description }]) => (
          <li key={role} className="px-5 py-4">
            <p className="font-medium text-gray-900 dark:text-white">{label}</p>
            <p className="text-sm text-gray-600 dark:text-gray-400">{description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Audit({ text }: { text: Text }) {
  return (
    <div className="grid max-w-3xl gap-4">
      <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{text.auditTitle}</h2>
      <p className="text-gray-600 dark:text-gray-300">{text.auditText}</p>
      {/* Signed out, the application asks for a sign-in first and comes back here. */}
      <a href="/settings/security" className={buttonClasses({ variant: 'outline', className: 'justify-self-start' })}>
        {text.auditLink}
      </a>
    </div>
  );
}
