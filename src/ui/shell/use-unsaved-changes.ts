// A page with a half-filled form reports it here, so that closing its tag asks first (issue 4). There is
// deliberately no clean-up on unmount: a kept-alive page's effects are torn down while it is hidden, and
// its changes are still there. The flag goes when the page reports clean, is refreshed, or its tag closes.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useServices } from '../app/services';

export function useUnsavedChanges(dirty: boolean): void {
  const { tags } = useServices();
  const { pathname } = useLocation();
  useEffect(() => {
    tags.send({ type: 'SET_DIRTY', path: pathname, dirty });
  }, [tags, pathname, dirty]);
}
