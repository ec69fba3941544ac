import { defineScreens } from '../define-screens';
import { resourceScreen } from '../resource/resource-screen-loader';
import { stageListScreen } from '../stage/stage-kit';
import { defineDetailTab } from '../stage/define-detail-tab';

export default defineScreens({
  '/financingDemandManagement/financingDemandManagement': resourceScreen(
    async () => (await import('../../../domain/financing/financing-demand')).FINANCING_DEMAND,
  ),
  '/business/preCreditApplicationManage': stageListScreen(
    async () => (await import('../../../domain/financing/pre-credit')).PRE_CREDIT_STAGE,
  ),
  '/business/applyForRufs': async () => (await import('./apply-for-rufs-screen')).ApplyForRufsScreen,
});

export const detailTab = defineDetailTab({
  key: 'preCredit',
  stage: 'PRE_CREDIT',
  load: async () => (await import('./pre-credit-detail-tab')).PreCreditDetailTab,
});
