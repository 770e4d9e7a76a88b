import { showError } from '../../../../lib/auth';
import { errorMessageOf } from '../../../../lib/errors';
import { formatMoney } from '../../../../lib/money';
import { trpc } from '../../../../lib/trpc';
import type { TDealBoardInput } from '../../../../lib/deals-schema';
import { toast } from '../../../../state/toast';
import { refreshDeals } from '../crm/invalidate';
import { afterDealOf, moveInBoard, type Target } from './board-model';

type MovingDeal = { id: string; title: string; value: { valueMinor: number; currency: string }; stage: { id: string } };
type ToStage = { id: string; name: string; kind: 'open' | 'won' | 'lost' };

/**
 * deals.move with the board updated at once (when `boardInput` names the board on screen), undone
 * if the server refuses; then everything showing deals or figures is fetched again. Resolves to the
 * server's refusal message, or null when the move went through.
 */
export function useMoveDeal(boardInput?: TDealBoardInput) {
  const utils = trpc.useUtils();
  const mutation = trpc.deals.move.useMutation();

  async function move(deal: MovingDeal, stage: ToStage, options: { index?: number; lostReason?: string } = {}): Promise<string | null> {
    const previous = boardInput ? utils.deals.board.getData(boardInput) : undefined;
    // The card the deal lands under, as the user saw the column (filters included): the server places
    // it right after that deal, whatever the board hides.
    const afterDealId = previous && options.index !== undefined ? afterDealOf(previous, deal.id, { stageId: stage.id, index: options.index }) : undefined;
    if (boardInput && previous && options.index !== undefined) {
      // Synchronously, in the same render as the drop: the card lands (and keeps focus) at once.
      // A refetch in flight is stopped without restoring its older answer over this one.
      void utils.deals.board.cancel(boardInput, { revert: false });
      utils.deals.board.setData(boardInput, moveInBoard(previous, deal.id, { stageId: stage.id, index: options.index } satisfies Target));
    }
    try {
      await mutation.mutateAsync({ dealId: deal.id, stageId: stage.id, ...(afterDealId !== undefined ? { afterDealId } : { position: options.index }), lostReason: options.lostReason });
      if (stage.id !== deal.stage.id) {
        if (stage.kind === 'won') toast({ title: 'Deal won', description: `${deal.title} · ${formatMoney(deal.value.valueMinor, deal.value.currency)} moved to ${stage.name}.` });
        else if (stage.kind === 'lost') toast({ title: 'Deal marked as lost', description: `${deal.title} moved to ${stage.name}.` });
      }
      return null;
    } catch (error) {
      if (boardInput && previous) utils.deals.board.setData(boardInput, previous);
      showError(error, `Could not move “${deal.title}”`);
      return errorMessageOf(error, 'Could not move the deal');
    } finally {
      await refreshDeals(utils);
    }
  }

  return { move, isPending: mutation.isPending };
}
