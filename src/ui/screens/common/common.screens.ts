import { defineScreens } from '../define-screens';

export default defineScreens({
  '/401': () => import('./unauthorized-screen').then((m) => m.UnauthorizedScreen),
  '/404': () => import('./not-found-screen').then((m) => m.NotFoundScreen),
});
