import { STAGES, stageOf } from '../../../domain/financing/lifecycle';
import { defineDetailTab } from '../stage/define-detail-tab';

/** 业务详情's 报告 tab: once the business reached 尽调报告 (the report itself is read through the stage port). */
export default defineDetailTab({
  key: 'report',
  label: '报告',
  stage: 'REPORT',
  when: (detail) => {
    const stage = stageOf(detail.state);
    return stage !== 'TERMINATED' && STAGES.indexOf(stage) >= STAGES.indexOf('REPORT');
  },
  load: async () => (await import('./report-view')).ReportDetailTab,
});
