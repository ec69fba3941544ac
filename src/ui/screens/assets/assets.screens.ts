import { defineScreens } from '../define-screens';
import { resourceScreen } from '../resource/resource-screen-loader';

export default defineScreens({
  '/assetsManage/projectInformation': resourceScreen(
    async () => (await import('../../../domain/assets/project.resource')).PROJECT,
  ),
  '/assetsManage/paymentOrderInformation': async () => (await import('./payment-order-screen')).PaymentOrderScreen,
  '/assetsManage/PaymentOrderDetails': async () =>
    (await import('./payment-order-details-screen')).PaymentOrderDetailsScreen,
  '/assetsManage/interviewMinutes': resourceScreen(
    async () => (await import('../../../domain/assets/interview-minutes.resource')).ASSET_INTERVIEW_MINUTES,
  ),
  '/assetsManage/assetChangeQuery': async () => (await import('./asset-change-screen')).AssetChangeScreen,
  '/assetsManage/assetChangeDetail': async () => (await import('./asset-change-detail-screen')).AssetChangeDetailScreen,
});
