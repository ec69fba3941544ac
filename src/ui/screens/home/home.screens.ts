import { defineScreens } from '../define-screens';

export default defineScreens({
  '/': () => import('./home-screen').then((m) => m.HomeScreen),
  '/dashboard': () => import('./dashboard-screen').then((m) => m.DashboardScreen),
});
