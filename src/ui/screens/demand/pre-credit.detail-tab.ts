import { defineDetailTab } from '../stage/define-detail-tab';

export default defineDetailTab({
  key: 'preCredit',
  label: '预授信',
  stage: 'PRE_CREDIT',
  load: async () => (await import('./pre-credit-detail-tab')).PreCreditDetailTab,
});
