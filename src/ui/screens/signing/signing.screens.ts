// 签约's routes (BUSINESS.md §4): 签约管理, 在线签约 (催签, 撤销 on its details), 申请线上签约 (signatories, order,
// deadline), 申请线下签约 (scans, 原件已收回 with its date), 签约详情, 签约文件详情, 签约补充 (from 签约详情 once signed), and
// 业务详情's 合同与签约 tab, and 合同签章 (a contract version's signatories, their order and signature boxes).
import { createElement } from 'react';
import { defineDetailTab } from '../stage/define-detail-tab';
import { defineScreens } from '../define-screens';

/** 业务详情's 合同与签约 tab: once the business reached 签约. */
export const detailTab = defineDetailTab({
  key: 'signing',
  label: '合同与签约',
  stage: 'SIGNING',
  reached: [],
  load: async () => {
    const { SigningSection } = await import('./signing-screens');
    return ({ detail }) => createElement(SigningSection, { id: detail.keyId });
  },
});

export default defineScreens({
  '/business/signManagement': async () => (await import('./signing-screens')).SignManageScreen,
  '/business/onlineSigning': async () => (await import('./signing-screens')).OnlineSigningScreen,
  '/business/applyOnlineSigning': async () => (await import('./signing-screens')).ApplyOnlineSigningScreen,
  '/business/applyOfflineSigning': async () => (await import('./signing-screens')).ApplyOfflineSigningScreen,
  '/business/signingDetails': async () => (await import('./signing-screens')).SigningDetailsScreen,
  '/business/signFileDetails': async () => (await import('./signing-screens')).SignFileDetailsScreen,
  '/business/signSupplement': async () => (await import('./signing-screens')).SignSupplementScreen,
  '/business/contractFileMake/contractFileMakeSignature': async () =>
    (await import('./signatories-screen')).SignatoriesScreen,
});
