import { ZPageData, type BlockProps, type BlockType, type PageBlock, type PageData, type TFormField } from '../blocks/schema';

/** A template page as site creation copies it: path, title, description and validated blocks. */
export type TemplatePage = { title: string; path: string; description: string; data: PageData };

type Input<K extends BlockType> = Partial<BlockProps[K]> & Record<string, unknown>;

/**
 * Builds one page's blocks with ids unique within the page (`heading-3`), then validates the whole
 * page with ZPageData, so a template that breaks a block's rule fails at import and in the unit test.
 */
export function templatePage(meta: Omit<TemplatePage, 'data'>, build: (b: <K extends BlockType>(type: K, props: Input<K>) => PageBlock) => PageBlock[]): TemplatePage {
  let n = 0;
  const b = <K extends BlockType>(type: K, props: Input<K>): PageBlock => ({ type, props: { id: `${type.toLowerCase()}-${++n}`, ...props } });
  return { ...meta, data: ZPageData.parse({ root: { props: {} }, content: build(b) }) };
}

export const field = (name: TFormField['name'], label: string, type: TFormField['type'], required: boolean): TFormField => ({ name, label, type, required });

export { defaultCountdownEnd as twoWeeksAhead } from '../blocks/components/countdown';
