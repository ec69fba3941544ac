import { defineScreens } from '../define-screens';

export default defineScreens({
  '/': () => import('./home-screen').then((m) => m.HomeScreen),
  '/dashboard': () => import('./home-screen').then((m) => m.HomeScreen),
});
