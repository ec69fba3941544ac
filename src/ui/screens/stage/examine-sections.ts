// What a review page shows of the stage's own item, by review type: each stage's `<stage>.screens.ts` exports
// its `examine` (stageExamineScreens, stage-kit.tsx) and this file gathers them, as detail-tabs.ts gathers the
// tabs of 业务详情. So the generic 业务审核 page and a stage's own review page show the same thing for an item
// (融资申请: its lines and 准入资料; 报告; 决议), and a new stage adds its section without editing the shell.
import type { ReactNode } from 'react';
import type { StageExamine } from './stage-examine';

/** Every `examine` of a `*.screens.ts` under the screens folder, by file. */
export const GATHERED_EXAMINES: Readonly<Record<string, StageExamine>> = Object.fromEntries(
  Object.entries(import.meta.glob<{ examine?: StageExamine }>('../**/*.screens.ts', { eager: true })).flatMap(
    ([file, m]) => (m.examine ? [[file, m.examine] as const] : []),
  ),
);

/** The section of the review type's stage, loaded (its chunk) on first use; undefined when the stage has none. */
export async function examineSection(type: string): Promise<((id: string) => ReactNode) | undefined> {
  const stage = Object.values(GATHERED_EXAMINES).find((e) => e.type === type);
  return stage ? stage.section() : undefined;
}
