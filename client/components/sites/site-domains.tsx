import { GlobeIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { CopyField, FormAlert, TextField } from '../form';
import { EmptyState } from '../page';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { showError } from '../../lib/auth';
import { errorMessageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { serverFormErrors } from '../../lib/forms';
import { trpc } from '../../lib/trpc';
import type { SiteDetail } from './types';

type Domain = SiteDetail['domains'][number];

/**
 * Where the server answers a domain's verification token (server/sites/domains.ts WELL_KNOWN_PREFIX,
 * which is server code the client cannot import at run time).
 */
const VERIFICATION_PATH = '/.well-known/switchboard-domain/';

/** Custom domains of a site: add one, see what to set up on it, verify it, remove it. */
export function SiteDomains({ site, canWrite }: { site: SiteDetail; canWrite: boolean }) {
  const [domain, setDomain] = useState('');
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.sites.get.invalidate({ siteId: site.id }), utils.sites.list.invalidate()]);
  const add = trpc.sites.addDomain.useMutation({
    onSuccess: async () => {
      setDomain('');
      await refresh();
    },
  });
  const { fieldErrors, message } = add.error ? serverFormErrors(add.error, ['domain'], 'Could not add the domain') : { fieldErrors: {}, message: null };
  return (
    <section aria-label="Domains" className="flex max-w-3xl flex-col gap-5">
      <p className="text-sm text-gray-600 dark:text-gray-400">
        The site is always at <span className="font-mono">{site.url}</span>. On a domain of your own, its pages are served at the root: point the domain at this server (a CNAME or an A record), then
        verify it.
      </p>
      {canWrite ? (
        <form
          className="flex flex-wrap items-start gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate({ siteId: site.id, domain: domain.trim() });
          }}
        >
          <TextField
            className="min-w-64 flex-1"
            label="Domain"
            placeholder="www.example.com"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            error={fieldErrors.domain}
            autoCapitalize="off"
            spellCheck={false}
          />
          <Button type="submit" className="mt-6" disabled={add.isPending}>
            <PlusIcon className="size-4" aria-hidden />
            {add.isPending ? 'Adding…' : 'Add domain'}
          </Button>
          <FormAlert message={message} className="w-full" />
        </form>
      ) : null}
      {site.domains.length === 0 ? (
        <EmptyState icon={GlobeIcon} title="No custom domains">
          {canWrite ? 'Add a domain you own to serve the site on it.' : 'Domains that serve this site will be listed here.'}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {site.domains.map((d) => (
            <DomainItem key={d.id} domain={d} canWrite={canWrite} onChanged={refresh} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DomainItem({ domain, canWrite, onChanged }: { domain: Domain; canWrite: boolean; onChanged: () => Promise<unknown> }) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const verify = trpc.sites.verifyDomain.useMutation({
    onSuccess: async (answer) => {
      setResult(answer.verified ? { ok: true, message: `${answer.domain} is verified: it serves this site.` } : { ok: false, message: `${domain.domain} is not verified yet.` });
      await onChanged();
    },
    onError: (error) => setResult({ ok: false, message: errorMessageOf(error, `Could not verify ${domain.domain}`) }),
  });
  const remove = trpc.sites.removeDomain.useMutation({ onSuccess: onChanged, onError: (error) => showError(error, 'Could not remove the domain') });
  const verified = Boolean(domain.verifiedAt);
  return (
    <li aria-label={domain.domain} className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <span className="font-mono text-sm font-medium">{domain.domain}</span>
          {verified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Not verified</Badge>}
        </div>
        {canWrite ? (
          <div className="flex items-center gap-2">
            {verified ? null : (
              <Button size="sm" variant="outline" disabled={verify.isPending} onClick={() => verify.mutate({ domainId: domain.id })}>
                {verify.isPending ? 'Verifying…' : 'Verify'}
              </Button>
            )}
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="ghost" aria-label={`Remove ${domain.domain}`}>
                  <Trash2Icon className="size-4" aria-hidden />
                </Button>
              }
              title={`Remove ${domain.domain}?`}
              description="The site stops being served on this domain; its own address keeps working."
              confirmLabel="Remove domain"
              pendingLabel="Removing…"
              onConfirm={() => remove.mutateAsync({ domainId: domain.id }).catch(() => undefined)}
            />
          </div>
        ) : null}
      </div>
      {verified && domain.verifiedAt ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Verified {formatDateTime(domain.verifiedAt)}. Visitors reach the site’s pages at https://{domain.domain}/.
        </p>
      ) : (
        <div className="flex flex-col gap-3 text-sm text-gray-700 dark:text-gray-300">
          <p>
            1. Point <span className="font-mono">{domain.domain}</span> at this server: a CNAME record to <span className="font-mono">{window.location.hostname}</span> (or an A record to its address).
          </p>
          <p>2. Verify: this server answers the token below on the domain, so once the record is live, Verify finds it there.</p>
          <CopyField label="Verification address" value={`http://${domain.domain}${VERIFICATION_PATH}${domain.verificationToken}`} />
          <CopyField label="Verification token" value={domain.verificationToken} />
        </div>
      )}
      {result ? (
        <p role="status" className={result.ok ? 'text-sm text-green-700 dark:text-green-400' : 'text-sm text-red-600 dark:text-red-400'}>
          {result.message}
        </p>
      ) : null}
    </li>
  );
}
