import { permittedProcedure, router } from '../trpc/init';
import { addDomain, removeDomain, verifyDomain } from './domains';
import { publishPage, revertPage } from './publish';
import { ZAddDomainInput, ZCreatePageInput, ZCreateSiteInput, ZDomainIdInput, ZPageIdInput, ZRevertInput, ZSaveDraftInput, ZSiteIdInput, ZUpdatePageInput, ZUpdateSiteInput } from './schema';
import * as sites from './service';
import { publishedPagesWrite } from './write-procedure';

export const sitesRouter = router({
  list: permittedProcedure('sites:read').query(({ ctx }) => sites.listSites(ctx)),
  templates: permittedProcedure('sites:read').query(() => sites.templates()),
  create: publishedPagesWrite()
    .input(ZCreateSiteInput)
    .mutation(({ ctx, input }) => sites.createSite(ctx, input)),
  get: permittedProcedure('sites:read')
    .input(ZSiteIdInput)
    .query(({ ctx, input }) => sites.getSite(ctx, input)),
  update: publishedPagesWrite()
    .input(ZUpdateSiteInput)
    .mutation(({ ctx, input }) => sites.updateSite(ctx, input)),
  remove: publishedPagesWrite()
    .input(ZSiteIdInput)
    .mutation(({ ctx, input }) => sites.removeSite(ctx, input)),
  createPage: publishedPagesWrite()
    .input(ZCreatePageInput)
    .mutation(({ ctx, input }) => sites.createPage(ctx, input)),
  removePage: publishedPagesWrite()
    .input(ZPageIdInput)
    .mutation(({ ctx, input }) => sites.removePage(ctx, input)),
  page: permittedProcedure('sites:read')
    .input(ZPageIdInput)
    .query(({ ctx, input }) => sites.getPage(ctx, input)),
  saveDraft: permittedProcedure('sites:write')
    .input(ZSaveDraftInput)
    .mutation(({ ctx, input }) => sites.saveDraft(ctx, input)),
  updatePage: publishedPagesWrite()
    .input(ZUpdatePageInput)
    .mutation(({ ctx, input }) => sites.updatePage(ctx, input)),
  publish: publishedPagesWrite()
    .input(ZPageIdInput)
    .mutation(({ ctx, input }) => publishPage(ctx, input)),
  revert: publishedPagesWrite()
    .input(ZRevertInput)
    .mutation(({ ctx, input }) => revertPage(ctx, input)),
  addDomain: publishedPagesWrite()
    .input(ZAddDomainInput)
    .mutation(({ ctx, input }) => addDomain(ctx, input)),
  verifyDomain: publishedPagesWrite()
    .input(ZDomainIdInput)
    .mutation(({ ctx, input }) => verifyDomain(ctx, input)),
  removeDomain: publishedPagesWrite()
    .input(ZDomainIdInput)
    .mutation(({ ctx, input }) => removeDomain(ctx, input)),
});
