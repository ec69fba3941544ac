// 业务详情's stage tabs, declared one way, beside each stage: the stage's `<name>.screens.ts` exports
// `detailTab = defineDetailTab({...})`; this file gathers them (as screen-registry.ts gathers the screens), so a
// new stage adds its tab without editing the detail screen. Only the tiny declaration is eager; the tab's
// component is a lazy chunk of its own, loaded when the tab is first opened.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { BusinessDetail } from '../../../domain/financing/business-list';
import type { DetailTabDef, DetailTabProps } from './define-detail-tab';
import { STAGES, type Stage, stageProgress, stageReached } from '../../../domain/financing/stages';

export type { DetailTabDef, DetailTabProps };

/** Every `detailTab` of a `*.screens.ts` under the screens folder, by file. */
export const GATHERED_TABS: Readonly<Record<string, DetailTabDef>> = Object.fromEntries(
  Object.entries(import.meta.glob<{ detailTab?: DetailTabDef }>('../**/*.screens.ts', { eager: true })).flatMap(
    ([file, m]) => (m.detailTab ? [[file, m.detailTab] as const] : []),
  ),
);

/** The declared tabs in the table's order of stages (then by key, so the order never depends on file names). */
export const DETAIL_TABS: readonly DetailTabDef[] = Object.values(GATHERED_TABS).sort(
  (a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage) || a.key.localeCompare(b.key),
);

/** Whether the business reached the tab's stage (and did not end before it, unless in one of `endings`). */
const reached = (detail: BusinessDetail, stage: Stage, endings: readonly string[]) =>
  stageProgress(stage, detail.state) === 'ENDED' ? endings.includes(detail.state) : stageReached(stage, detail.state);

/** The tabs this business shows. */
export const tabsFor = (detail: BusinessDetail, tabs: readonly DetailTabDef[] = DETAIL_TABS): DetailTabDef[] =>
  tabs.filter((t) =>
    t.reached
      ? reached(detail, t.stage, t.reached)
      : t.when
        ? t.when(detail)
        : (detail.sections as Record<string, unknown>)[t.key] != null,
  );

const loaded = new Map<string, LazyExoticComponent<ComponentType<DetailTabProps>>>();

/** The tab's component, loaded once. */
export function tabComponent(tab: DetailTabDef): LazyExoticComponent<ComponentType<DetailTabProps>> {
  let component = loaded.get(tab.key);
  if (!component) {
    component = lazy(async () => ({ default: await tab.load() }));
    loaded.set(tab.key, component);
  }
  return component;
}
