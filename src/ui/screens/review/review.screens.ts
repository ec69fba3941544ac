import { defineScreens } from '../define-screens';

export default defineScreens({
  '/business/auditTypeList': async () => (await import('./audit-type-list-screen')).AuditTypeListScreen,
  '/business/examine': async () => (await import('./examine-screen')).ExamineScreen,
});
