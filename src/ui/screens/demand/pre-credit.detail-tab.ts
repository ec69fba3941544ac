import { defineDetailTab } from '../stage/define-detail-tab';

export default defineDetailTab({
  key: 'preCredit',
  stage: 'PRE_CREDIT',
  load: async () => (await import('./pre-credit-detail-tab')).PreCreditDetailTab,
});
