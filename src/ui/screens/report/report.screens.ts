// 尽调报告's routes (BUSINESS.md §4): the list of businesses awaiting a report (查看 opens the read-only page,
// 编辑 the stepper), the stepper, the read-only report with its revisions, and the review list and page of
// 报告审核 on the stage kit's examine shell with the report under the business.
import { createElement } from 'react';
import { defineScreens } from '../define-screens';
import { stageExamineScreens } from '../stage/stage-kit';

const examine = stageExamineScreens(async () => {
  const [{ REPORT_EXAMINE_PATH, REPORT_EXAMINE_INFO_PATH }, { ReportSection }] = await Promise.all([
    import('../../../domain/financing/report-stage'),
    import('./report-view'),
  ]);
  return {
    type: 'REPORT',
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
