import { defineDetailTab } from '../stage/define-detail-tab';

export default defineDetailTab({
  key: 'application',
  label: '融资申请',
  stage: 'APPLICATION',
  load: async () => (await import('./financing-application-detail-tab')).FinancingApplicationDetailTab,
});
