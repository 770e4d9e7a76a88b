/**
 * The deals domain's services, one module per job — one deal (read.ts), its creation, edits and
 * deletion (write.ts), stage moves and won/lost (moves.ts, with column places in placement.ts), the
 * list (list.ts) and the board (board.ts) — answered from one place for the doors and other domains.
 */
export { dealBoard } from './board';
export { dealsMatching, listDeals } from './list';
export { moveDeal, moveDealIn } from './moves';
export { dealTimeline, dealVisible, getDeal } from './read';
export { createDeal, createDealIn, deleteDeal, updateDeal } from './write';
