// 要素落实's routes (BUSINESS.md §4): 要素管理 (the kit's list; 查看 opens the items), 要素制作 (OPS's 落实 with
// evidence and 申请豁免, RISK_HEAD's 豁免 / 驳回 as the gateway offers them on each item; the business's 提交), and
// 要素落实审核 (放款审核 → 放款复核) on the kit's examine shell with the items under the business; the 要素 tab of
// 业务详情 once the decision made them.
import { createElement } from 'react';
import { defineScreens } from '../define-screens';
import { defineDetailTab, sectionTab } from '../stage/define-detail-tab';
import { stageExamineScreens } from '../stage/stage-kit';

export const examine = stageExamineScreens('ELEMENTS', async () => {
  const [{ ELEMENTS_REVIEW_PATH, ELEMENTS_AUDIT_PATH }, { ElementItemsSection }] = await Promise.all([
    import('../../../domain/financing/elements'),
    import('./elements-screens'),
  ]);
  return {
    title: '要素落实审核',
    listPath: ELEMENTS_REVIEW_PATH,
    infoPath: ELEMENTS_AUDIT_PATH,
    section: (id: string) => createElement(ElementItemsSection, { id }),
  };
});

export default defineScreens({
  '/business/essentialFactor/manage': async () => (await import('./elements-screens')).ElementsManageScreen,
  '/business/essentialFactor/elementProduction': async () => (await import('./elements-screens')).ElementsMakeScreen,
  '/business/essentialFactor/implementationReview': examine.list,
  '/business/essentialFactor/ImplementAudit': examine.info,
});

/** 业务详情's 要素 tab: once the decision's approval made the items (the business reached 要素落实). */
export const detailTab = defineDetailTab({
  key: 'elements',
  label: '要素',
  stage: 'ELEMENTS',
  reached: [],
  load: async () => sectionTab((await import('./elements-screens')).ElementItemsTab),
});
