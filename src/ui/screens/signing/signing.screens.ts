// 签约's routes (BUSINESS.md §4): 签约管理, 在线签约 (催签, 撤销 on its details), 申请线上签约 (signatories, order,
// deadline), 签约详情 and 签约文件详情, and 业务详情's 合同与签约 tab. 申请线下签约, 签约补充 and 合同签章 are served by the
// gateway (offline signing, supplements) but have no screen yet: they stay 功能建设中.
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
  '/business/signingDetails': async () => (await import('./signing-screens')).SigningDetailsScreen,
  '/business/signFileDetails': async () => (await import('./signing-screens')).SignFileDetailsScreen,
});
