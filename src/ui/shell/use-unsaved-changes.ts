// A page with a half-filled form reports it here, so that closing its tag asks first, and so does leaving
// the page by a route change — the sidebar, 返回, the browser's back button (react-router's blocker). There
// is deliberately no clean-up of the tag's flag on unmount: a kept-alive page's effects are torn down while
// it is hidden, and its changes are still there. The flag goes when the page reports clean, is refreshed, or
// its tag closes. The hook returns the question to render; a page that saves and then leaves reports clean
// first (or passes the path it goes to in `allow`), so a save is never asked about.
import { useSelector } from '@xstate/react';
import { createElement, type ReactElement, useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, useLocation } from 'react-router-dom';
import { StateConfirmDialog } from '../kit/dialogs/state-confirm-dialog';
import { useServices } from '../app/services';

export const LEAVE_TITLE = '离开此页面？';
export const LEAVE_MESSAGE = '页面中有尚未保存的修改，离开后将丢失。';
export const LEAVE_CONFIRM_TEXT = '离开';
export const LEAVE_CANCEL_TEXT = '留在此页';

export function useUnsavedChanges(dirty: boolean): ReactElement {
  const { tags } = useServices();
  const { pathname } = useLocation();
  useEffect(() => {
    tags.send({ type: 'SET_DIRTY', path: pathname, dirty });
  }, [tags, pathname, dirty]);
  // Only a change of page asks; a query string change on the same page (a filter) does not.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return createElement(StateConfirmDialog, {
    open: blocker.state === 'blocked',
    type: 'warning',
    title: LEAVE_TITLE,
    message: LEAVE_MESSAGE,
    confirmText: LEAVE_CONFIRM_TEXT,
    cancelText: LEAVE_CANCEL_TEXT,
    onConfirm: () => blocker.proceed?.(),
    onCancel: () => blocker.reset?.(),
  });
}

function Guard({ dirty }: { dirty: boolean }): ReactElement {
  return useUnsavedChanges(dirty);
}

/**
 * The same guard as an element, for a shell that is also rendered outside the app's data router (a page's own
 * test in a MemoryRouter, where no move can be blocked): there it guards nothing.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }): ReactElement | null {
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  return inDataRouter ? createElement(Guard, { dirty }) : null;
}

/**
 * A reload, or closing the browser's tab, asks first while any open page — shown or kept alive behind its tag —
 * holds unsaved changes (the browser words the question itself).
 */
export function useAskBeforeUnload(): void {
  const { tags } = useServices();
  const unsaved = useSelector(tags, (s) => s.context.dirty.length > 0);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
