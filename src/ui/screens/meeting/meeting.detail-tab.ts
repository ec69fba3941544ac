import { defineDetailTab } from '../stage/define-detail-tab';

/** 业务详情's 评审会 tab: once a meeting that hears the business was notified (its section is then sent). */
export default defineDetailTab({
  key: 'meeting',
  stage: 'MEETING',
  load: async () => (await import('./meeting-detail-tab')).MeetingDetailTab,
});
