// 合同文件's routes (BUSINESS.md §4): 合同文件管理 and its detail (preview, versions, download), 合同制作 (a
// template or an upload, the factors prefilled from the TERM elements), and 合同审核 on the kit's examine shell
// with each live contract's factors beside the TERM elements under the business, differences in red.
// 合同签章 (contractFileMakeSignature): a contract version's signatories, their order and signature boxes.
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
