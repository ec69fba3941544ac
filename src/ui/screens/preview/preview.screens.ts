import { defineScreens } from '../define-screens';

export default defineScreens({
  '/preView/preViewMain': () => import('./preview-screen').then((m) => m.PreviewScreen),
});
