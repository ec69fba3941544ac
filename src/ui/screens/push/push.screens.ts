// 推送's routes (BUSINESS.md §4): 推送制作 on the kit's list, whose 查看 opens the push on the same page (推送, 登记反馈,
// the records, the letters, the 接口日志); the push under the business on 业务审核 (推送审核); and 业务详情's 推送与函件
// tab, the push with the business's letters (正式函件管理 is the letters' own screen).
import { createElement } from 'react';
import { defineScreens } from '../define-screens';
import { defineDetailTab, sectionTab } from '../stage/define-detail-tab';
import { stageExamineScreens } from '../stage/stage-kit';

export const examine = stageExamineScreens('PUSH', async () => {
  const [{ PUSH_LIST_PATH }, { PushSection }] = await Promise.all([
    import('../../../domain/financing/push'),
    import('./push-screen'),
  ]);
  return {
    title: '推送审核',
    listPath: PUSH_LIST_PATH,
    infoPath: PUSH_LIST_PATH,
    section: (id: string) => createElement(PushSection, { id }),
  };
});

export default defineScreens({
  '/business/pushProduction': async () => (await import('./push-screen')).PushScreen,
});

/** 业务详情's 推送与函件 tab: once the business reached 推送. */
export const detailTab = defineDetailTab({
  key: 'push',
  label: '推送与函件',
  stage: 'PUSH',
  load: async () => sectionTab((await import('./push-screen')).PushSection),
  reached: [],
});
