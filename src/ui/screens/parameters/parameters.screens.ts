import { defineScreens } from '../define-screens';
import { resourceScreen } from '../resource/resource-screen-loader';

export default defineScreens({
  '/parameterManage/parameterSubsidiary': resourceScreen(
    async () => (await import('../../../domain/parameters/subsidiary-parameter.resource')).SUBSIDIARY_PARAMETER,
  ),
  '/parameterManage/summaryRiskControl': async () =>
    (await import('./summary-risk-control-screen')).SummaryRiskControlScreen,
});
