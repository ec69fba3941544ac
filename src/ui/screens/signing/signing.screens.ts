// 签约's routes (BUSINESS.md §4): 签约管理, 在线签约, 申请线上 / 线下签约, 签约详情, 签约文件详情, 签约补充, 业务详情's
// 合同与签约 tab. 合同签章 is a contract make page (contract.screens.ts).
import { defineScreens } from '../define-screens';
import { defineDetailTab, sectionTab } from '../stage/define-detail-tab';

const screens = () => import('./signing-screens');

/** 业务详情's 合同与签约 tab: once the business reached 签约. */
export const detailTab = defineDetailTab({
  ...{ key: 'signing', label: '合同与签约', stage: 'SIGNING', reached: [] },
  load: async () => sectionTab((await screens()).SigningSection),
});

export default defineScreens({
  '/business/signManagement': async () => (await screens()).SignManageScreen,
  '/business/onlineSigning': async () => (await screens()).OnlineSigningScreen,
  '/business/applyOnlineSigning': async () => (await screens()).ApplyOnlineSigningScreen,
  '/business/applyOfflineSigning': async () => (await screens()).ApplyOfflineSigningScreen,
  '/business/signingDetails': async () => (await screens()).SigningDetailsScreen,
  '/business/signFileDetails': async () => (await screens()).SignFileDetailsScreen,
  '/business/signSupplement': async () => (await screens()).SignSupplementScreen,
});
