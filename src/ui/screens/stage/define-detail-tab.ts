// What a stage's `<stage>.screens.ts` exports as `detailTab` (detail-tabs.ts gathers them): a tab of 业务详情.
import { type ComponentType, createElement } from 'react';
import type { BusinessDetail } from '../../../domain/financing/business-list';
import { STAGE_LABEL, type Stage } from '../../../domain/financing/stages';

/** What a tab's component receives: the business as 业务详情 read it. */
export interface DetailTabProps {
  detail: BusinessDetail;
}

export interface DetailTabDef {
  /** The tab's own value (unique among tabs): by convention the key of its section in `detail.sections`. */
  key: string;
  label: string;
  /** The stage it belongs to: tabs stand in the table's order of stages. */
  stage: Stage;
  /** Whether the business shows the tab; default: its section is in the detail. */
  when?: (detail: BusinessDetail) => boolean;
  /**
   * Instead of `when`: shown once the business reached `stage`, unless it ended before — or ended in one of
   * these states (data, so that the table is read by the detail's own chunk, not the screens' eager one).
   */
  reached?: readonly string[];
  load: () => Promise<ComponentType<DetailTabProps>>;
}

/** What a stage's tab declares: its label defaults to the stage's own. */
export type DetailTabSpec = Omit<DetailTabDef, 'label'> & { label?: string };

/** A stage's detail tab, as its `*.screens.ts` exports it (`export const detailTab = defineDetailTab({...})`). */
export function defineDetailTab(tab: DetailTabSpec): DetailTabDef {
  return { ...tab, label: tab.label ?? STAGE_LABEL[tab.stage] };
}

/** A tab that is the stage's section of the business (the record read by the business's id). */
export const sectionTab =
  (Section: ComponentType<{ id: string }>): ComponentType<DetailTabProps> =>
  ({ detail }) =>
    createElement(Section, { id: detail.keyId });
