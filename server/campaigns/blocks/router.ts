import { permittedProcedure, router } from '../../trpc/init';
import { previewBlocks } from './preview';
import { ZPreviewBlocksInput } from './schema';

export const campaignBlocksRouter = router({
  preview: permittedProcedure('campaigns:read')
    .input(ZPreviewBlocksInput)
    .query(({ ctx, input }) => previewBlocks(ctx, input)),
});
