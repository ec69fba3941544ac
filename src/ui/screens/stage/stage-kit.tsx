// The client half of the stage kit (BUSINESS.md "Every stage on one kit", HOUSE.md "Stages"). A lifecycle
// stage's screens are a definition plus the parts only it can say; the port, the flows and the frames are here.
//
// How a stage declares its screens — all beside the stage, editing no shared file:
//
// 1. The port. `useStage(STAGE)` (use-stage.ts) answers the stage port bound to its StageDef
//    (application/ports/stage-gateway.port.ts): page, detail, create, save, remove, transition (the business's
//    one verb: action, version, comment, fileIds), exportList, options, events, and `custom(method, path, body)`
//    for a route of the stage's own (`custom('GET', '/orders', { supplierId })` → GET {api}/orders).
//    One adapter serves every stage; feature-bindings.ts binds it once.
//
// 2. The list: in `<stage>.screens.ts`, `[LIST_PATH]: stageListScreen(async () => (await import(...)).STAGE)`.
//    It is the resource list kit on the stage's view (the definition's fields, statuses, 新增 → the make page,
//    编辑 / 删除 where the table allows, the table's own row actions such as 撤回); it reads itself again when
//    its tag is shown after the make page.
//
// 3. The make page: a screen `[MAKE_PATH]: async () => (await import('./x-make-screen')).XMakeScreen` whose
//    component writes a MakeSpec (application/stage/make-page.machine.ts: open, valuesOf, read, save; optionally
//    refresh, problemsOf, submit, afterSave) and renders
//      const page = useMakePage(STAGE, spec, keyId);
//      <MakePageShell def={STAGE} page={page} title="…">…the stage's own fields, via page.edit(patch)…</MakePageShell>
//    The shell shows the return reason and the last comment at the top, the checkpoint rule's results,
//    保存 / 提交 / 返回 (behind their codes, asking before leaving unsaved changes) and goes back to the list.
//    No record is written before 保存: `open('')` answers a blank one, `save(null, body)` creates it.
//
// 4. The examine page: `export const examine = stageExamineScreens(type, async () => ({ title, listPath,
//    infoPath, section }))` in the stage's `<stage>.screens.ts` gives the review list (the queue with the type
//    fixed) and the review page (the business read-only, the stage's `section` under it, the level cards,
//    通过 / 退回 / 不通过 / 否决 as the table offers them, one message per action, the list read again
//    afterwards). Exported as `examine`, the section is also what the generic 业务审核 page shows for that
//    type (examine-sections.ts gathers them). Or use StageExamineList / StageExaminePage directly.
//
// 5. The detail tab on 业务详情: the stage's `<stage>.screens.ts` exports `detailTab = defineDetailTab({ key,
//    label, stage, reached: [], load: async () => sectionTab((await import('./x-view')).XSection) })`
//    (define-detail-tab.ts; the one way a tab is declared); detail-tabs.ts gathers them by glob. `reached` shows the tab once the business reached the stage (plus the endings it names).
//
// 6. The parts (stage-parts.tsx, step-revisions.tsx, detail-tab-parts.tsx): `recordScreen(Make)` for the make
//    page's route, MakeSummary, StageField (one field with the limit beside it), StageSection (the record read
//    by the maker's detail or the reviewers' `/review`), `stageViewList` / `stageInfoScreen` for a list whose
//    查看 opens a read-only page, StepRevisions for a record made step by step, SmallTable, Facts.
//
// This file is eager (the `*.screens.ts` import it): it only names the lazy chunks.
import type { ComponentType } from 'react';
import type { StageDef } from '../../../domain/stage/stage';
import type { StageExamine, StageExamineScreens } from './stage-examine';
import type { ReviewType } from '../../../domain/financing/stages';

export type { StageExamine, StageExamineScreens };

/** The stage's list: the resource list kit on the stage's view, in the route's own lazy chunk. */
export function stageListScreen(loadDef: () => Promise<StageDef>): () => Promise<ComponentType> {
  return async () => {
    const [{ ResourceScreen }, def] = await Promise.all([import('../resource/resource-screen'), loadDef()]);
    return function StageListScreen() {
      return <ResourceScreen def={def.resource} />;
    };
  };
}

/** The stage's review list and review page, both lazy: `{ [listPath]: list, [infoPath]: info }`. */
export function stageExamineScreens(type: ReviewType, load: () => Promise<StageExamineScreens>): StageExamine {
  return {
    type,
    list: async () => (await import('./examine-routes')).examineListScreen(type, await load()),
    info: async () => (await import('./examine-routes')).examineInfoScreen(type, await load()),
    section: async () => (await load()).section,
  };
}
