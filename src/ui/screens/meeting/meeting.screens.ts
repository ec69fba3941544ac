import { defineScreens } from '../define-screens';
import { defineDetailTab } from '../stage/define-detail-tab';

export default defineScreens({
  '/business/meetingInfoManage': async () => (await import('./meeting-manage-screen')).MeetingManageScreen,
  '/business/approvalReviewMeetingMake': async () => (await import('./meeting-make-screen')).MeetingMakeScreen,
  '/business/approvalReviewMeetingImplementList': async () => (await import('./meeting-vote-screen')).MeetingVoteScreen,
  '/business/approvalProduction': async () => (await import('./meeting-minutes-screen')).MeetingMinutesScreen,
  '/business/approvalReviewMeetingInfo': async () => (await import('./meeting-info-screen')).MeetingInfoScreen,
  '/business/approvalReviewMeetingExamine': async () =>
    (await import('./minutes-review-screen')).MinutesExamineListScreen,
  '/business/approvalReviewMeetingExamineInfo': async () =>
    (await import('./minutes-review-screen')).MinutesExamineInfoScreen,
});

/** 业务详情's 评审会 tab: once a meeting that hears the business was notified (its section is then sent). */
export const detailTab = defineDetailTab({
  key: 'meeting',
  stage: 'MEETING',
  load: async () => (await import('./meeting-detail-tab')).MeetingDetailTab,
});
