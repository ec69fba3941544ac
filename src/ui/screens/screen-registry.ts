// Which lazily loaded screen serves which route (keys are normalised paths). Routes without an entry show
// the under-construction screen until their issue builds them.
import type { ComponentType } from 'react';

type ScreenLoader = () => Promise<ComponentType>;

const SCREENS: Record<string, ScreenLoader> = {
  '/login': async () => (await import('./login/login-screen')).LoginScreen,
  '/register': async () => (await import('./login/register-screen')).RegisterScreen,
  '/': async () => (await import('./home/home-screen')).HomeScreen,
  '/dashboard': async () => (await import('./home/home-screen')).HomeScreen,
  '/401': async () => (await import('./common/unauthorized-screen')).UnauthorizedScreen,
  '/404': async () => (await import('./common/not-found-screen')).NotFoundScreen,
};

const underConstruction: ScreenLoader = async () => (await import('./common/under-construction-screen')).UnderConstructionScreen;

export function screenFor(normalisedPath: string): Promise<ComponentType> {
  return (SCREENS[normalisedPath] ?? underConstruction)();
}
