// A catalogue route served by the generic resource screen: the definition and the screen load together in
// the route's own lazy chunk, so no definition weighs on the login page.
import type { ComponentType } from 'react';
import type { ResourceDef } from '../../../domain/resource/resource';

export function resourceScreen(loadDef: () => Promise<ResourceDef>): () => Promise<ComponentType> {
  return async () => {
    const [{ ResourceScreen }, def] = await Promise.all([import('./resource-screen'), loadDef()]);
    return function DefinedResourceScreen() {
      return <ResourceScreen def={def} />;
    };
  };
}

/** A hidden make page served by the resource's full-page form (the definition's `makePath`). */
export function resourceMakeScreen(loadDef: () => Promise<ResourceDef>): () => Promise<ComponentType> {
  return async () => {
    const [{ ResourceMakePage }, def] = await Promise.all([import('./resource-make-page'), loadDef()]);
    return function DefinedResourceMakePage() {
      return <ResourceMakePage def={def} makePath={def.makePath ?? def.menuPath} />;
    };
  };
}
