// 尽调报告's routes (BUSINESS.md §4): the list of businesses awaiting a report (查看 opens the read-only page,
// 编辑 the stepper), the stepper, the read-only report with its revisions, the review list and page of
// 报告审核 on the stage kit's examine shell with the report under the business, and the 报告 tab of 业务详情.
import { createElement } from 'react';
import { defineScreens } from '../define-screens';
import { defineDetailTab, sectionTab } from '../stage/define-detail-tab';
import { stageExamineScreens } from '../stage/stage-kit';

export const examine = stageExamineScreens('REPORT', async () => {
  const [{ REPORT_EXAMINE_PATH, REPORT_EXAMINE_INFO_PATH }, { ReportSection }] = await Promise.all([
    import('../../../domain/financing/report-stage'),
    import('./report-view'),
  ]);
  return {
    title: '报告审核',
    listPath: REPORT_EXAMINE_PATH,
    infoPath: REPORT_EXAMINE_INFO_PATH,
    section: (id: string) => createElement(ReportSection, { id, review: true }),
  };
});

export default defineScreens({
  '/business/reportProductionMake': async () => (await import('./report-view')).ReportListScreen,
  '/business/report-production-make/makeProcess': async () => (await import('./report-make-screen')).ReportMakeScreen,
  '/business/reportProductionInfo': async () => (await import('./report-view')).ReportInfoScreen,
  '/business/reportProductionExamine': examine.list,
  '/business/reportProductionExamineInfo': examine.info,
});

/** 业务详情's 报告 tab: once the business reached 尽调报告 (the report is read through the stage port). */
export const detailTab = defineDetailTab({
  key: 'report',
  label: '报告',
  stage: 'REPORT',
  reached: [],
  load: async () => sectionTab((await import('./report-view')).ReportSection),
});
