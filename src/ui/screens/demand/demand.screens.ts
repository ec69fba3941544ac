import { defineScreens } from '../define-screens';
import { resourceScreen } from '../resource/resource-screen-loader';

export default defineScreens({
  '/financingDemandManagement/financingDemandManagement': resourceScreen(
    async () => (await import('../../../domain/financing/financing-demand')).FINANCING_DEMAND,
  ),
  '/business/preCreditApplicationManage': resourceScreen(
    async () => (await import('../../../domain/financing/pre-credit')).PRE_CREDIT,
  ),
  '/business/applyForRufs': async () => (await import('./apply-for-rufs-screen')).ApplyForRufsScreen,
});
