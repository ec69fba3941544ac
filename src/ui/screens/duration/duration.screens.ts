// 存续期管理's routes (BUSINESS.md §4): 存续期检查报告 (the list, and one report on the same page) and 贷后报告统计;
// and 业务详情's 存续期 tab once the business repays. The tab's key sorts it after 放款与还款 (repayment) among the
// tabs of the same stage, as BUSINESS.md §4 orders them.
import { defineScreens } from '../define-screens';
import { defineDetailTab } from '../stage/define-detail-tab';

export default defineScreens({
  '/durationManage/durationExamineReport': async () => (await import('./duration-screens')).DurationReportScreen,
  '/durationManage/loanReportMakeStatistics': async () =>
    (await import('./duration-screens')).LoanReportStatisticsScreen,
});

/** 业务详情's 存续期 tab: the business's reports, each opening on 存续期检查报告. */
export const detailTab = defineDetailTab({
  key: 'surveillance',
  label: '存续期',
  stage: 'REPAYING',
  reached: [],
  load: async () => (await import('./duration-screens')).DurationTab,
});
