// 合同文件's routes (BUSINESS.md §4), their screens loaded on first use (contract-screens.tsx says what each
// shows); 合同审核 on the kit's examine shell, its section each live contract's factors beside the TERM elements.
import { defineScreens } from '../define-screens';
import { stageExamineScreens } from '../stage/stage-kit';

const screens = () => import('./contract-screens');

export const examine = stageExamineScreens('CONTRACT', async () => (await screens()).CONTRACT_EXAMINE);

export default defineScreens({
  '/business/contractFileManage': async () => (await screens()).ContractManageScreen,
  '/business/contractFileManage/info': async () => (await screens()).ContractInfoScreen,
  '/business/contractFileMake/contractFileMake': async () => (await screens()).ContractMakeScreen,
  '/business/contractFileMake/contractFileMakeSignature': async () => (await screens()).SignatoriesScreen,
  '/business/contractFileReview': examine.list,
  '/business/contractFileReview/contractFileReviewFactor': examine.info,
});
