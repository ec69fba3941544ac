import { defineScreens } from '../define-screens';

export default defineScreens({
  '/login': () => import('./login-screen').then((m) => m.LoginScreen),
  '/register': () => import('./register-screen').then((m) => m.RegisterScreen),
});
