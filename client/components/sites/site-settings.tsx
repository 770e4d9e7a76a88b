import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormAlert, TextareaField, TextField } from '../form';
import { Button } from '../ui/button';
import { Input, Label } from '../ui/input';
import { useCan } from '../../lib/auth';
import { serverFormErrors } from '../../lib/forms';
import { trpc } from '../../lib/trpc';
import { toast } from '../../state/toast';
import type { SiteDetail } from './types';
import { IMAGE_TYPES, uploadSiteImage } from './upload';

type HeaderLink = { label: string; href: string };

/** Where a stored asset is served on the product's origin (the same path on every host). */
export const assetPath = (handle: string, assetId: string) => `/s/${encodeURIComponent(handle)}/_assets/${encodeURIComponent(assetId)}`;

/** The site's name, handle and what every page shares: header links, footer, brand colour, favicon, custom head code. */
export function SiteSettings({ site, canWrite }: { site: SiteDetail; canWrite: boolean }) {
  // Custom code runs for every visitor of the site: only admins see and write it ('sites:code').
  const isAdmin = useCan('sites:code');
  const [name, setName] = useState(site.name);
  const [handle, setHandle] = useState(site.handle);
  const [links, setLinks] = useState<HeaderLink[]>(site.settings.headerLinks ?? []);
  const [footerText, setFooterText] = useState(site.settings.footerText ?? '');
  const [brandColor, setBrandColor] = useState(site.settings.brandColor ?? '');
  const [faviconAssetId, setFaviconAssetId] = useState(site.settings.faviconAssetId ?? null);
  const [customHead, setCustomHead] = useState(site.settings.customHead ?? '');
  const [faviconError, setFaviconError] = useState<string | null>(null);
  const favicon = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const update = trpc.sites.update.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.sites.get.invalidate({ siteId: site.id }), utils.sites.list.invalidate()]);
      toast({ title: 'Site settings saved' });
    },
  });
  const fields = [
    'name',
    'handle',
    'settings.footerText',
    'settings.brandColor',
    'settings.customHead',
    ...links.flatMap((_, i) => [`settings.headerLinks.${i}.label`, `settings.headerLinks.${i}.href`]),
  ];
  const { fieldErrors, message } = update.error ? serverFormErrors(update.error, fields, 'Could not save the settings') : { fieldErrors: {}, message: null };
  const setLink = (index: number, patch: Partial<HeaderLink>) => setLinks((prev) => prev.map((link, i) => (i === index ? { ...link, ...patch } : link)));

  async function uploadFavicon(file: File | undefined) {
    if (!file) return;
    setFaviconError(null);
    try {
      setFaviconAssetId((await uploadSiteImage(site.id, file)).id);
    } catch (failure) {
      setFaviconError(failure instanceof Error ? failure.message : 'The upload failed');
    } finally {
      if (favicon.current) favicon.current.value = '';
    }
  }

  return (
    <form
      aria-label="Site settings"
      className="flex max-w-2xl flex-col gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({
          siteId: site.id,
          name,
          handle,
          settings: {
            headerLinks: links,
            footerText,
            brandColor: brandColor || null,
            faviconAssetId,
            // Only an admin's form sends the code; a manager's save leaves it as it is.
            ...(isAdmin ? { customHead } : {}),
          },
        });
      }}
    >
      <fieldset disabled={!canWrite} className="flex flex-col gap-5">
        <TextField label="Site name" value={name} onChange={(e) => setName(e.target.value)} error={fieldErrors.name} required />
        <TextField
          label="Handle"
          value={handle}
          onChange={(e) => setHandle(e.target.value)}
          error={fieldErrors.handle}
          hint="The site’s address: /s/<handle>. Changing it breaks links to the old address."
          autoCapitalize="off"
          spellCheck={false}
        />

        <div className="flex flex-col gap-2">
          <Label>Header links</Label>
          {links.length === 0 ? <p className="text-sm text-gray-500 dark:text-gray-400">No links: the header shows the site’s name only.</p> : null}
          <ul className="flex flex-col gap-2">
            {links.map((link, index) => (
              <li key={index} className="flex flex-wrap items-start gap-2">
                <TextField
                  className="min-w-40 flex-1"
                  label={`Link ${index + 1} label`}
                  value={link.label}
                  onChange={(e) => setLink(index, { label: e.target.value })}
                  error={fieldErrors[`settings.headerLinks.${index}.label`]}
                />
                <TextField
                  className="min-w-40 flex-1"
                  label={`Link ${index + 1} address`}
                  value={link.href}
                  placeholder="/pricing or https://…"
                  onChange={(e) => setLink(index, { href: e.target.value })}
                  error={fieldErrors[`settings.headerLinks.${index}.href`]}
                />
                <Button type="button" variant="ghost" className="mt-6" aria-label={`Remove link ${index + 1}`} onClick={() => setLinks((prev) => prev.filter((_, i) => i !== index))}>
                  <Trash2Icon className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setLinks((prev) => [...prev, { label: '', href: '' }])}>
            <PlusIcon className="size-4" aria-hidden />
            Add link
          </Button>
        </div>

        <TextareaField
          label="Footer text"
          value={footerText}
          onChange={(e) => setFooterText(e.target.value)}
          error={fieldErrors['settings.footerText']}
          rows={2}
          hint="Shown at the bottom of every page, under the Footer block if the page has one."
        />

        <div className="flex flex-col gap-1.5">
          <Label htmlFor="site-brand-color">Brand colour</Label>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Brand colour picker"
              value={brandColor || '#4f46e5'}
              onChange={(e) => setBrandColor(e.target.value)}
              className="h-9 w-12 cursor-pointer rounded border border-gray-300 dark:border-gray-700"
            />
            <Input
              id="site-brand-color"
              value={brandColor}
              placeholder="#4f46e5"
              onChange={(e) => setBrandColor(e.target.value)}
              className="w-32 font-mono"
              aria-invalid={fieldErrors['settings.brandColor'] ? true : undefined}
            />
            {brandColor ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setBrandColor('')}>
                Use the default
              </Button>
            ) : null}
          </div>
          {fieldErrors['settings.brandColor'] ? <p className="text-sm text-red-600 dark:text-red-400">Brand colour {fieldErrors['settings.brandColor']}</p> : null}
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor="site-favicon">Favicon</Label>
          <div className="flex items-center gap-3">
            {faviconAssetId ? (
              <img src={assetPath(site.handle, faviconAssetId)} alt="Current favicon" className="size-8 rounded border border-gray-200 object-contain dark:border-gray-700" />
            ) : (
              <span className="text-sm text-gray-500 dark:text-gray-400">None</span>
            )}
            <input id="site-favicon" ref={favicon} type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => void uploadFavicon(e.target.files?.[0])} className="text-sm" />
            {faviconAssetId ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setFaviconAssetId(null)}>
                Remove
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-gray-500 dark:text-gray-400">A square PNG, WebP, GIF or JPEG up to 5 MB; saved with the settings.</p>
          {faviconError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {faviconError}
            </p>
          ) : null}
        </div>

        {isAdmin ? (
          <TextareaField
            label="Custom head code"
            value={customHead}
            onChange={(e) => setCustomHead(e.target.value)}
            error={fieldErrors['settings.customHead']}
            rows={5}
            className="font-mono"
            spellCheck={false}
            hint="HTML whose scripts run sandboxed, in a hidden frame of its own at the end of each page, from the page’s next publish. Its scripts may load from https:// addresses and send to other sites (a conversion pixel, a cookie-less analytics beacon; the page’s address is its document.referrer). It cannot read or change the page, see what visitors type, use the site’s cookies or storage, open windows or navigate the page, so tags that need those (chat widgets, tag managers, cookie-based analytics) do not work here. Only admins see and change it."
          />
        ) : null}
      </fieldset>
      <FormAlert message={message} />
      {canWrite ? (
        <Button type="submit" className="self-start" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      ) : null}
    </form>
  );
}
