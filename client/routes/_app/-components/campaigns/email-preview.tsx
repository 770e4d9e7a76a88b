import { keepPreviousData } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon, SendIcon, TriangleAlertIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { SegmentedControl } from '../../../../components/ui/segmented-control';
import { spamCheck, type TEmailBlock } from '../../../../lib/campaigns-schema';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { blockErrors } from './block-editor';

type Scheme = 'light' | 'dark';
type Width = 'desktop' | 'phone';
const WIDTHS: Record<Width, number> = { desktop: 640, phone: 375 };

/**
 * The e-mail as the preview frame shows it. The frame inherits the app's Content-Security-Policy,
 * which allows no <style> element but allows style attributes: the stylesheet is taken out, and for
 * the dark preview its dark rules (`.class { … !important }`) are written onto the elements with
 * that class, as a dark mail client applies them.
 */
function framed(html: string, scheme: Scheme): string {
  const sheet = /<style[^>]*>([\s\S]*?)<\/style>/i.exec(html)?.[1] ?? '';
  const body = html.replace(/<style[^>]*>[\s\S]*?<\/style>/gi, '');
  if (scheme === 'light') return body;
  const dark = /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{([\s\S]*)\}/.exec(sheet)?.[1] ?? '';
  const rules = new Map([...dark.matchAll(/\.([\w-]+)\s*\{([^}]*)\}/g)].map((m) => [m[1]!, m[2]!.trim()]));
  return body.replace(/<([a-z][\w-]*)([^>]*?)\sclass="([^"]*)"([^>]*)>/gi, (tag, name: string, before: string, classes: string, after: string) => {
    const extra = classes
      .split(/\s+/)
      .map((c) => rules.get(c))
      .filter(Boolean)
      .join(';');
    if (!extra) return tag;
    const attributes = `${before} class="${classes}"${after}`;
    return /\sstyle="/.test(attributes) ? `<${name}${attributes.replace(/\sstyle="([^"]*)"/, (_, style: string) => ` style="${style};${extra}"`)}>` : `<${name}${attributes} style="${extra}">`;
  });
}

/**
 * The rendered e-mail as a chosen contact gets it (the server's renderer), in light or dark and at
 * desktop or phone width, its spam check, and a test send to the member's own address — of the
 * A/B test's version shown (`variant`).
 */
export function EmailPreview({
  campaignId,
  subject,
  blocks,
  variant,
  dirty,
  onSave,
}: {
  campaignId: string;
  subject: string;
  blocks: TEmailBlock[];
  variant: 'a' | 'b';
  dirty: boolean;
  onSave: () => Promise<unknown>;
}) {
  const [scheme, setScheme] = useState<Scheme>('light');
  const [width, setWidth] = useState<Width>('desktop');
  const [search, setSearch] = useState('');
  const [contactId, setContactId] = useState('');
  const deferredBlocks = useDeferredValue(blocks);
  const valid = Object.keys(blockErrors(deferredBlocks)).length === 0;
  const contacts = trpc.contacts.list.useQuery({ q: useDeferredValue(search) || undefined, limit: 25, sort: 'name' }, { placeholderData: keepPreviousData });
  const preview = trpc.campaignBlocks.preview.useQuery(
    { blocks: deferredBlocks, subject: useDeferredValue(subject), ...(contactId ? { contactId } : {}) },
    { enabled: valid, placeholderData: keepPreviousData },
  );
  const testSend = trpc.campaigns.testSend.useMutation({
    onSuccess: (result) => toast({ title: 'Test e-mail sent', description: `Sent to ${result.to}` }),
  });
  const findings = spamCheck({ blocks });
  const html = preview.data ? framed(preview.data.html, scheme) : '';
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{variant === 'b' ? 'Preview of version B' : 'Preview'}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Find a contact" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name or e-mail" />
            <SelectField label="Preview as" value={contactId} onChange={(e) => setContactId(e.target.value)}>
              <option value="">No contact (fallbacks)</option>
              {(contacts.data?.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {[c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || c.phone || 'Unnamed contact'}
                  {c.email ? ` — ${c.email}` : ''}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="flex flex-wrap gap-3">
            <SegmentedControl
              label="Colour scheme"
              value={scheme}
              onValueChange={(value) => setScheme(value as Scheme)}
              options={[
                { value: 'light', label: 'Light' },
                { value: 'dark', label: 'Dark' },
              ]}
            />
            <SegmentedControl
              label="Width"
              value={width}
              onValueChange={(value) => setWidth(value as Width)}
              options={[
                { value: 'desktop', label: 'Desktop' },
                { value: 'phone', label: 'Phone' },
              ]}
            />
          </div>
          {preview.data ? (
            <p className="text-sm">
              <span className="text-gray-600 dark:text-gray-400">Subject: </span>
              <span data-testid="preview-subject">{preview.data.subject || '(no subject)'}</span>
            </p>
          ) : null}
          {!valid ? <p className="text-sm text-amber-700 dark:text-amber-400">The preview shows once every block is valid.</p> : null}
          <FormAlert message={preview.error ? errorMessageOf(preview.error, 'Could not render the preview') : null} />
          <div className="overflow-x-auto rounded-md border border-gray-200 bg-gray-100 p-2 dark:border-gray-800 dark:bg-gray-950">
            {/* No scripts, no same origin: the e-mail's markup cannot reach the app. */}
            <iframe
              title={`E-mail preview, ${scheme}, ${width} width`}
              sandbox=""
              srcDoc={html}
              className="mx-auto block h-[36rem] border-0 bg-white"
              style={{ width: WIDTHS[width], colorScheme: scheme }}
              data-testid="email-preview"
            />
          </div>
          <details>
            <summary className="cursor-pointer text-sm font-medium">Plain-text version</summary>
            <pre className="mt-2 max-h-64 overflow-auto text-xs whitespace-pre-wrap" data-testid="preview-text">
              {preview.data?.text}
            </pre>
          </details>
        </CardContent>
      </Card>
      <SpamCheckPanel findings={findings} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Test send</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <p className="text-sm text-gray-600 dark:text-gray-400">
            Sends the saved e-mail{variant === 'b' ? ' (version B)' : ''} to your own address{contactId ? ', merged as the contact chosen above' : ''}.{dirty ? ' Your changes are saved first.' : ''}
          </p>
          <Button
            variant="outline"
            className="w-fit"
            disabled={testSend.isPending || !valid}
            onClick={() =>
              void (async () => {
                if (dirty) await onSave();
                await testSend.mutateAsync({ id: campaignId, variant, ...(contactId ? { contactId } : {}) });
              })().catch(() => undefined)
            }
          >
            <SendIcon className="size-4" aria-hidden />
            {testSend.isPending ? 'Sending…' : 'Send a test to me'}
          </Button>
          <FormAlert message={testSend.error ? errorMessageOf(testSend.error, 'Could not send the test') : null} />
        </CardContent>
      </Card>
    </div>
  );
}

export function SpamCheckPanel({ findings }: { findings: ReturnType<typeof spamCheck> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Spam check</CardTitle>
      </CardHeader>
      <CardContent>
        {findings.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-green-700 dark:text-green-400" data-testid="spam-check">
            <CircleCheckIcon className="size-4" aria-hidden />
            Nothing found: it has a plain-text part, an unsubscribe link, enough text beside its images and no link shorteners.
          </p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm" data-testid="spam-check">
            {findings.map((f) => (
              <li key={f.code} className={`flex items-start gap-2 ${f.severity === 'error' ? 'text-red-700 dark:text-red-400' : 'text-amber-700 dark:text-amber-400'}`}>
                {f.severity === 'error' ? <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden /> : <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />}
                <span>{f.message}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
