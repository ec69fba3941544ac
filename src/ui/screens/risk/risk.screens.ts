import { defineScreens } from '../define-screens';
import { resourceScreen } from '../resource/resource-screen-loader';

export default defineScreens({
  '/risk/negativePublicOpinion': resourceScreen(
    async () => (await import('../../../domain/risk/negative-opinion.resource')).NEGATIVE_OPINION,
  ),
  '/risk/accountManage': resourceScreen(
    async () => (await import('../../../domain/risk/supervised-account.resource')).SUPERVISED_ACCOUNT,
  ),
  '/risk/riskDetection': resourceScreen(
    async () => (await import('../../../domain/risk/risk-alert.resource')).RISK_ALERT,
  ),
  '/risk/supplierLock': resourceScreen(async () => (await import('../../../domain/risk/locks.resource')).SUPPLIER_LOCK),
  '/risk/contractLock': resourceScreen(async () => (await import('../../../domain/risk/locks.resource')).CONTRACT_LOCK),
});
