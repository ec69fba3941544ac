import { defineScreens } from '../define-screens';
import { resourceMakeScreen, resourceScreen } from '../resource/resource-screen-loader';

export default defineScreens({
  '/CRM/interviewMinutesManagement': resourceScreen(
    async () => (await import('../../../domain/crm/interview-minutes.resource')).INTERVIEW_MINUTES,
  ),
  '/CRM/interviewMinutesMake': resourceMakeScreen(
    async () => (await import('../../../domain/crm/interview-minutes.resource')).INTERVIEW_MINUTES,
  ),
  '/CRM/enterpriseInformation': resourceScreen(
    async () => (await import('../../../domain/crm/enterprise-information')).ENTERPRISE_INFORMATION,
  ),
});
