import { defineScreens } from '../define-screens';
import { resourceMakeScreen, resourceScreen } from '../resource/resource-screen-loader';

export default defineScreens({
  '/fundManagement/fundmanagement': resourceScreen(
    async () => (await import('../../../domain/funds/fund-product.resource')).FUND_PRODUCT,
  ),
  '/addFund': resourceMakeScreen(
    async () => (await import('../../../domain/funds/fund-product.resource')).FUND_PRODUCT,
  ),
});
