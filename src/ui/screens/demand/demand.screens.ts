import { defineScreens } from '../define-screens';
import { resourceScreen } from '../resource/resource-screen-loader';

export default defineScreens({
  '/financingDemandManagement/financingDemandManagement': async () => (await import('./demand-screen')).DemandScreen,
  '/business/preCreditApplicationManage': resourceScreen(
    async () => (await import('../../../domain/financing/pre-credit')).PRE_CREDIT,
  ),
  '/business/applyForRufs': async () => (await import('./apply-for-rufs-screen')).ApplyForRufsScreen,
});
