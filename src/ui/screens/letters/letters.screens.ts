// 正式函件's route (BUSINESS.md §4): 正式函件管理 (生成, 发送, 上传回执, 拒收). The business's letters also show on
// 业务详情's 推送与函件 tab, which the push declares from its detail.
import { defineScreens } from '../define-screens';

export default defineScreens({
  '/business/formalLetterManagement': async () => (await import('./letter-screen')).LetterScreen,
});
