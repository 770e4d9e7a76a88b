import type { TStageKind } from '../../../../lib/deals-schema';

/** A stage's kind as the pipeline settings name it. */
export const STAGE_KIND_LABELS: Record<TStageKind, string> = { open: 'Open', won: 'Won', lost: 'Lost' };
