import { atomWithStorage } from 'jotai/utils';

/**
 * Client-only choices on the pipeline screen (never server data): which optional columns the deals
 * list shows. Remembered in this browser.
 */
export const DEAL_LIST_COLUMNS = ['value', 'stage', 'owner', 'contact', 'expectedCloseDate', 'probability', 'stageChangedAt', 'updatedAt', 'createdAt'] as const;
export type DealListColumn = (typeof DEAL_LIST_COLUMNS)[number];

export const DEAL_LIST_COLUMN_LABELS: Record<DealListColumn, string> = {
  value: 'Value',
  stage: 'Stage',
  owner: 'Owner',
  contact: 'Contact',
  expectedCloseDate: 'Expected close',
  probability: 'Probability',
  stageChangedAt: 'In stage since',
  updatedAt: 'Updated',
  createdAt: 'Created',
};

export const DEFAULT_DEAL_LIST_COLUMNS: DealListColumn[] = ['value', 'stage', 'owner', 'contact', 'expectedCloseDate', 'updatedAt'];

export const dealListColumnsAtom = atomWithStorage<DealListColumn[]>('switchboard.dealListColumns', DEFAULT_DEAL_LIST_COLUMNS, undefined, { getOnInit: true });
