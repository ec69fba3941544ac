import { STAGES, stageOf } from '../../../domain/financing/lifecycle';
import { defineDetailTab } from '../stage/define-detail-tab';

/** 业务详情's 决议 tab: once the business reached 融资决议 (the decision is read through the stage port). */
export default defineDetailTab({
  key: 'decision',
  label: '决议',
  stage: 'DECISION',
  when: (detail) => {
    const stage = stageOf(detail.state);
    return (
      STAGES.indexOf(stage) >= STAGES.indexOf('DECISION') &&
      (stage !== 'TERMINATED' || detail.state === 'TERMINATED/VETOED')
    );
  },
  load: async () => (await import('./decision-detail-tab')).DecisionDetailTab,
});
