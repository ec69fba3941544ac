// What each app's transitions check and run, and what its shared pages gather from the stages: every module's
// declared extensions, applied in this order to the app's own registry (stage/extensions.ts). Effects after a
// transition and to-dos run in the order declared here; a module left out of the list contributes nothing, and the
// app's tests name what the registry must hold (app-extensions.test.ts).
import { extend as assetsSearch } from './modules/assets/search';
import { extend as businessAttachments } from './modules/business/attachments';
import { extend as businessSearch } from './modules/business/search';
import { extend as contract } from './modules/contract/store';
import { extend as decisionPrint } from './modules/decision/print';
import { extend as decision } from './modules/decision/store';
import { extend as demand } from './modules/demand/routes';
import { extend as duration } from './modules/duration/store';
import { extend as elements } from './modules/elements/store';
import { extend as application } from './modules/financing-application/store';
import { extend as lending } from './modules/lending/store';
import { extend as letters } from './modules/letters/store';
import { extend as loanClose } from './modules/loan-close/routes';
import { extend as meetingDetail } from './modules/meeting/detail-section';
import { extend as meetingMinutesPrint } from './modules/meeting/minutes-print';
import { extend as meeting } from './modules/meeting/repository';
import { extend as meetingSearch } from './modules/meeting/search';
import { extend as meetingTodo } from './modules/meeting/todo';
import { extend as meetingVetoBar } from './modules/meeting/veto-bar';
import { extend as preCredit } from './modules/pre-credit/store';
import { extend as pushChannel } from './modules/push/channel';
import { extend as push } from './modules/push/store';
import { extend as repaymentRefund } from './modules/repayment/refund-store';
import { extend as repayment } from './modules/repayment/store';
import { extend as reportPrint } from './modules/report/routes';
import { extend as report } from './modules/report/store';
import { extend as reviewQueue } from './modules/review/queue';
import { extend as signing } from './modules/signing/store';
import { extend as supplierSearch } from './modules/supplier/search';
import { Extensions, type ModuleExtensions } from './stage/extensions';

/** The modules in the lifecycle's order, then the pages that gather from them. */
export const APP_MODULE_EXTENSIONS: readonly ModuleExtensions[] = [
  businessAttachments,
  reviewQueue,
  demand,
  preCredit,
  meetingVetoBar,
  application,
  report,
  reportPrint,
  meeting,
  meetingMinutesPrint,
  meetingTodo,
  meetingDetail,
  decision,
  decisionPrint,
  elements,
  contract,
  signing,
  letters,
  pushChannel,
  push,
  lending,
  repayment,
  repaymentRefund,
  duration,
  loanClose,
  businessSearch,
  supplierSearch,
  assetsSearch,
  meetingSearch,
];

/** A registry with every module's declarations applied (an app's; the demo seed's, which runs before any app). */
export function appExtensions(): Extensions {
  const x = new Extensions();
  for (const m of APP_MODULE_EXTENSIONS) m.applyTo(x);
  return x;
}
