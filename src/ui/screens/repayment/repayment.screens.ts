// 还款计划's routes (BUSINESS.md §4): the plan list on the kit's view list and its read-only page with every
// installment, every repayment allocated and the interest calculator; 还款登记 (registration and the second finance
// user's confirmation); and 业务详情's 放款与还款 tab once the business repays.
import { defineScreens } from '../define-screens';
import { defineDetailTab, sectionTab } from '../stage/define-detail-tab';

export default defineScreens({
  '/business/paymentRegistration': async () => (await import('./payment-screen')).PaymentScreen,
  '/business/repaymentplan': async () => {
    const [{ stageViewList }, { PLAN_STAGE, PLAN_INFO_PATH }] = await Promise.all([
      import('../stage/stage-parts'),
      import('../../../domain/financing/repayment-plan'),
    ]);
    return stageViewList(PLAN_STAGE, PLAN_INFO_PATH);
  },
  '/repaymentPlanInfo': async () => {
    const [{ stageInfoScreen }, { PLAN_STAGE }, { PlanSection }] = await Promise.all([
      import('../stage/stage-parts'),
      import('../../../domain/financing/repayment-plan'),
      import('./plan-view'),
    ]);
    return stageInfoScreen(PLAN_STAGE, '还款计划详情', PlanSection);
  },
});

/** 业务详情's 放款与还款 tab: the plan, once the loan is registered. */
export const detailTab = defineDetailTab({
  key: 'repayment',
  label: '放款与还款',
  stage: 'REPAYING',
  reached: [],
  load: async () => sectionTab((await import('./plan-view')).PlanSection),
});
