// Without Puck's external font import (the Content-Security-Policy allows our own stylesheets only).
import '@puckeditor/core/no-external.css';
import { Puck, type Data, type Overrides } from '@puckeditor/core';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, ExternalLinkIcon } from 'lucide-react';
import { createContext, useContext, useEffect, useInsertionEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { siteConfig, type BlockContext } from '../../../server/sites/blocks/config';
import { Button } from '../ui/button';
import { showError } from '../../lib/auth';
import { trpc, trpcClient } from '../../lib/trpc';
import { toast } from '../../state/toast';
import { DraftSaver, type SaveStatus } from './draft-saver';
import { withEditorFields } from './editor-fields';
import { adoptInjectedStyles } from './editor-styles';
import { PageStatusBadge } from './labels';
import { PageSettingsDialog } from './page-settings-dialog';
import { DevicePreview, DeviceProvider, DeviceToggle } from './preview-device';
import { assetPath } from './site-settings';
import type { EditorPage } from './types';
import { VersionsDialog } from './versions-dialog';

/** What the header's actions need, handed through context so Puck's overrides object never changes. */
type EditorActions = { pageId: string; siteId: string; saver: DraftSaver; reload: () => Promise<void> };
const ActionsContext = createContext<EditorActions | null>(null);

/**
 * The page builder: Puck with the site blocks, the draft saved as you go, Publish, Versions and
 * Page settings in its header. Puck keeps the page's state; this component renders once per loaded
 * draft (and again only after a revert or reload), so typing on a long page costs only Puck's work.
 */
export function PageEditor({ page }: { page: EditorPage }) {
  const utils = trpc.useUtils();
  const [doc, setDoc] = useState(() => ({ data: page.draft as Data, revision: 0 }));
  const [saver] = useState(() => new DraftSaver(({ data, baseUpdatedAt }) => trpcClient.sites.saveDraft.mutate({ pageId: page.id, data, baseUpdatedAt }), page.draft as Data, page.draftUpdatedAt));
  const config = useMemo(() => {
    const ctx: BlockContext = {
      mode: 'editor',
      organization: page.blockContext.organization,
      calendars: page.blockContext.calendars,
      // Forms do not submit in the editor.
      formAction: () => '#',
      assetUrl: (id) => assetPath(page.siteHandle, id),
    };
    return withEditorFields(siteConfig(ctx), { siteId: page.siteId });
    // The registry is built once per page: its context does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page.id]);

  const actions = useMemo<EditorActions>(
    () => ({
      pageId: page.id,
      siteId: page.siteId,
      saver,
      // The server's draft replaces the one in the editor (after a revert, or to resolve a conflict).
      reload: async () => {
        const fresh = await utils.sites.page.fetch({ pageId: page.id }, { staleTime: 0 });
        saver.reset(fresh.draft as Data, fresh.draftUpdatedAt);
        setDoc((prev) => ({ data: fresh.draft as Data, revision: prev.revision + 1 }));
      },
    }),
    [page.id, page.siteId, saver, utils],
  );

  // The blocks look as published: every block's CSS, limited to the canvas (adopted by DevicePreview, per device).
  useEffect(() => {
    // A change not saved yet is saved on the way out of the editor, and the browser asks before a reload loses it.
    const warn = (event: BeforeUnloadEvent) => {
      if (saver.unsaved) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      void saver.flush().finally(() => saver.dispose());
    };
  }, [saver]);

  return (
    <ActionsContext.Provider value={actions}>
      <DeviceProvider>
        <div className="h-screen-below-header min-h-[32rem]" data-testid="page-editor">
          <StyleGuard />
          <Puck
            key={doc.revision}
            config={config}
            data={doc.data}
            onChange={saver.change}
            overrides={OVERRIDES}
            iframe={IFRAME}
            headerTitle={page.title}
            headerPath={page.path}
            height="100%"
            _experimentalVirtualization={doc.data.content.length > VIRTUALIZE_FROM}
          />
        </div>
      </DeviceProvider>
    </ActionsContext.Provider>
  );
}

/**
 * Puck and its drag-and-drop add their styles as <style> elements while they mount; this sibling,
 * rendered before Puck, turns them into constructed stylesheets (editor-styles.ts). An insertion
 * effect runs before any of Puck's own effects (siblings in order), so the guard is in place first.
 */
function StyleGuard() {
  useInsertionEffect(() => adoptInjectedStyles(), []);
  return null;
}

/**
 * The preview renders in the page itself, not in Puck's iframe: the iframe's styles are injected as
 * inline <style> elements, which the Content-Security-Policy refuses inside it.
 */
const IFRAME = { enabled: false } as const;

/**
 * A long page's canvas mounts only the blocks in view (Puck's root-zone virtualization): deleting or
 * moving a block then re-renders the few mounted below it, not every block of the page (each
 * shifted block's drag-and-drop registration and transition is what a delete cost on 250 blocks;
 * `npm run bench editor`, docs/decisions/049-editor-and-funnel-speed.md). Short pages keep every
 * block mounted.
 */
const VIRTUALIZE_FROM = 40;

const OVERRIDES: Partial<Overrides> = { headerActions: () => <HeaderActions />, preview: DevicePreview };

function useActions(): EditorActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('HeaderActions outside the page editor');
  return actions;
}

function HeaderActions() {
  const { pageId, siteId, saver, reload } = useActions();
  const page = trpc.sites.page.useQuery({ pageId }).data;
  const utils = trpc.useUtils();
  const [live, setLive] = useState<string | null>(null);
  const publish = trpc.sites.publish.useMutation();
  const liveUrl = live ?? (page && page.status !== 'draft' ? page.url : null);

  async function onPublish() {
    await saver.flush();
    const status = saver.getStatus();
    if (status.state === 'conflict' || status.state === 'error') {
      toast({ variant: 'destructive', title: 'Not published', description: 'The draft is not saved; resolve that first.' });
      return;
    }
    try {
      const published = await publish.mutateAsync({ pageId });
      setLive(published.url);
      toast({ title: `Version ${published.number} is live`, description: published.url });
      await Promise.all([utils.sites.page.invalidate({ pageId }), utils.sites.get.invalidate({ siteId }), utils.sites.list.invalidate()]);
    } catch (error) {
      showError(error, 'Could not publish the page');
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link to="/websites/$siteId" params={{ siteId }} className="flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300">
        <ArrowLeftIcon className="size-4" aria-hidden />
        Site
      </Link>
      <SaveStatusLabel saver={saver} onReload={reload} />
      <DeviceToggle />
      {page ? <PageStatusBadge status={page.status} /> : null}
      {liveUrl ? (
        <a href={liveUrl} target="_blank" rel="noreferrer" className="flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300" data-testid="live-url">
          View live
          <ExternalLinkIcon className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
      {page ? <VersionsDialog page={page} onReverted={reload} /> : null}
      {page ? <PageSettingsDialog page={page} /> : null}
      <Button size="sm" onClick={() => void onPublish()} disabled={publish.isPending}>
        {publish.isPending ? 'Publishing…' : 'Publish'}
      </Button>
    </div>
  );
}

const STATUS_TEXT: Record<SaveStatus['state'], string> = {
  saved: 'Saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  conflict: 'Conflict',
  error: 'Not saved',
};

/** The autosave's state; the only part of the screen that re-renders while typing, and only when the state changes. */
function SaveStatusLabel({ saver, onReload }: { saver: DraftSaver; onReload: () => Promise<void> }) {
  const status = useSyncExternalStore(saver.subscribe, saver.getStatus);
  const reloading = useRef(false);
  return (
    <span className="flex items-center gap-2 text-sm" data-testid="save-status">
      <span role="status" title={status.message} className={status.state === 'conflict' || status.state === 'error' ? 'text-red-600 dark:text-red-400' : 'text-gray-600 dark:text-gray-400'}>
        {STATUS_TEXT[status.state]}
      </span>
      {status.state === 'conflict' ? (
        <Button
          size="sm"
          variant="outline"
          title="Load the draft saved by someone else; your changes since then are dropped"
          onClick={() => {
            if (reloading.current) return;
            reloading.current = true;
            void onReload()
              .catch((error: unknown) => showError(error, 'Could not load the saved draft'))
              .finally(() => (reloading.current = false));
          }}
        >
          Load their version
        </Button>
      ) : null}
      {status.state === 'error' ? (
        <Button size="sm" variant="outline" onClick={() => void saver.flush()}>
          Retry
        </Button>
      ) : null}
    </span>
  );
}
