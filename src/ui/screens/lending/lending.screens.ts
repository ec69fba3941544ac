// 放款登记's route (BUSINESS.md §4): the kit's list of businesses that reached 放款, whose 查看 opens the loan on the
// same page (登记, 复核, 中登).
import { defineScreens } from '../define-screens';

export default defineScreens({
  '/business/lendingRegistration': async () => (await import('./lending-screen')).LendingScreen,
});
