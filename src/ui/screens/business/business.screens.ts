import { defineScreens } from '../define-screens';
import { defineDetailTab } from '../stage/define-detail-tab';

export default defineScreens({
  '/business/financingBusinessManage': async () => (await import('./business-manage-screen')).BusinessManageScreen,
  '/business/newDetails': async () => (await import('./business-detail-screen')).BusinessDetailScreen,
});

// 附件 stands after every stage's own tab (BUSINESS.md §4 lists it before 时间线), on every business.
export const detailTab = defineDetailTab({
  key: 'attachments',
  label: '附件',
  stage: 'TERMINATED',
  when: () => true,
  load: async () => (await import('./attachments-detail-tab')).AttachmentsDetailTab,
});
