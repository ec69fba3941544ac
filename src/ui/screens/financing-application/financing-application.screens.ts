import { defineScreens } from '../define-screens';
import { stageExamineScreens, stageListScreen } from '../stage/stage-kit';
import { defineDetailTab } from '../stage/define-detail-tab';

export const examine = stageExamineScreens(
  'APPLICATION',
  async () => (await import('./financing-application-examine-screen')).FINANCING_APPLICATION_EXAMINE,
);

export default defineScreens({
  '/business/financingApplicationManagement': stageListScreen(
    async () => (await import('../../../domain/financing/financing-application')).FINANCING_APPLICATION_STAGE,
  ),
  '/business/accessDocumentsMake': async () =>
    (await import('./access-documents-make-screen')).AccessDocumentsMakeScreen,
  '/business/financingApplicationExamine': examine.list,
  '/business/financingApplicationExamineInfo': examine.info,
});

export const detailTab = defineDetailTab({
  key: 'application',
  stage: 'APPLICATION',
  load: async () => (await import('./financing-application-detail-tab')).FinancingApplicationDetailTab,
});
