// 融资决议's routes (BUSINESS.md §4): the list on the kit's list, the make page on the kit's make shell, and the
// review list and page of 决议审核 on the kit's examine shell with the decision (its terms beside their limits)
// under the business, and the 决议 tab of 业务详情.
import { createElement } from 'react';
import { defineScreens } from '../define-screens';
import { defineDetailTab, sectionTab } from '../stage/define-detail-tab';
import { stageExamineScreens, stageListScreen } from '../stage/stage-kit';

export const examine = stageExamineScreens('DECISION', async () => {
  const [{ DECISION_EXAMINE_PATH, DECISION_AUDIT_PATH }, { DecisionSection }] = await Promise.all([
    import('../../../domain/financing/financing-decision'),
    import('./decision-view'),
  ]);
  return {
    title: '决议审核',
    listPath: DECISION_EXAMINE_PATH,
    infoPath: DECISION_AUDIT_PATH,
    section: (id: string) => createElement(DecisionSection, { id, review: true }),
  };
});

export default defineScreens({
  '/business/financingDecisionManage': stageListScreen(
    async () => (await import('../../../domain/financing/financing-decision')).DECISION_STAGE,
  ),
  '/business/decisionMake': async () => (await import('./decision-make-screen')).DecisionMakeScreen,
  '/business/resolutionReview': examine.list,
  'business/resolutionReview/audit': examine.info,
});

/** 业务详情's 决议 tab: once the business reached 融资决议, and after the approver's 否决. */
export const detailTab = defineDetailTab({
  key: 'decision',
  label: '决议',
  stage: 'DECISION',
  reached: ['TERMINATED/VETOED'],
  load: async () => sectionTab((await import('./decision-view')).DecisionSection),
});
