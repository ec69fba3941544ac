import { defineScreens } from '../define-screens';

export default defineScreens({
  '/business/financingBusinessManage': async () => (await import('./business-manage-screen')).BusinessManageScreen,
  '/business/newDetails': async () => (await import('./business-detail-screen')).BusinessDetailScreen,
});
