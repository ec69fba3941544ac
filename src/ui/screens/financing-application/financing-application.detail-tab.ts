import { defineDetailTab } from '../stage/define-detail-tab';

export default defineDetailTab({
  key: 'application',
  stage: 'APPLICATION',
  load: async () => (await import('./financing-application-detail-tab')).FinancingApplicationDetailTab,
});
