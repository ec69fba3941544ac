import { defineDetailTab } from '../stage/define-detail-tab';

// 附件 stands after every stage's own tab (BUSINESS.md §4 lists it before 时间线), on every business.
export default defineDetailTab({
  key: 'attachments',
  label: '附件',
  stage: 'TERMINATED',
  when: () => true,
  load: async () => (await import('./attachments-detail-tab')).AttachmentsDetailTab,
});
