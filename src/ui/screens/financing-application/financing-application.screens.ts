import { defineScreens } from '../define-screens';
import { resourceScreen } from '../resource/resource-screen-loader';

export default defineScreens({
  '/business/financingApplicationManagement': resourceScreen(
    async () => (await import('../../../domain/financing/financing-application')).FINANCING_APPLICATION,
  ),
  '/business/accessDocumentsMake': async () =>
    (await import('./access-documents-make-screen')).AccessDocumentsMakeScreen,
  '/business/financingApplicationExamine': async () =>
    (await import('./financing-application-examine-screen')).FinancingApplicationExamineScreen,
  '/business/financingApplicationExamineInfo': async () =>
    (await import('./financing-application-examine-screen')).FinancingApplicationExamineInfoScreen,
});
