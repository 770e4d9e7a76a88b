import { defineDomain } from '../../kernel/domain';
import { campaignBlocksRouter } from './router';

/*
 * The campaign e-mail editor's server part (issue #18): the block format's preview as a chosen
 * contact. Its permission is the campaigns domain's (`campaigns:read`); it writes nothing.
 */
export const campaignBlocksDomain = defineDomain({
  name: 'campaignBlocks',
  router: { campaignBlocks: campaignBlocksRouter },
});
