// The operation-code gate of SPEC §6: an element guarded by a code is removed (not disabled) when the menu
// path does not grant that code. The path is the current route's unless given: a kept-alive screen passes
// its own, because a hidden screen still renders while another route is current.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { selectMenus } from '../../application/session/session.selectors';
import { hasOperation } from '../../domain/menu/menu';
import type { OperationCode } from '../../domain/menu/route-catalogue';
import { useServices } from '../app/services';

/** Whether the menu path (the current route's unless given) grants the operation code. */
export function useOperation(code: OperationCode, path?: string): boolean {
  const { session } = useServices();
  const menus = useSelector(session, selectMenus);
  const { pathname } = useLocation();
  return hasOperation(menus, path ?? pathname, code);
}

export function Permission({ code, path, children }: { code: OperationCode; path?: string; children: ReactNode }) {
  return useOperation(code, path) ? <>{children}</> : null;
}
