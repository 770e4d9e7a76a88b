import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { NotFound } from '../../components/not-found';
import { PageEditor } from '../../components/sites/page-editor';
import { errorCodeOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

export const Route = createFileRoute('/_app/websites_/$siteId_/pages/$pageId')({
  staticData: { title: 'Page editor' },
  loader: async ({ context, params }) => {
    // A wrong link (not an id, or no page of this organization) is a not-found page, not an error.
    if (!z.uuid().safeParse(params.pageId).success) throw notFound();
    try {
      const page = await context.trpc.sites.page.ensureData({ pageId: params.pageId });
      if (page.siteId !== params.siteId) throw notFound();
    } catch (error) {
      if (errorCodeOf(error) === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  component: PageEditorScreen,
  notFoundComponent: NotFound,
});

function PageEditorScreen() {
  const { pageId } = Route.useParams();
  const page = trpc.sites.page.useQuery({ pageId }).data;
  // Keyed by page: another page gets a fresh editor and its own autosave.
  return page ? <PageEditor key={page.id} page={page} /> : null;
}
