// What a kept-alive page reads for itself once (the options of its query form): read when the page is first
// shown, never again while its tag stays open. <Activity> re-creates a hidden page's effects each time its tag
// is shown again, so a read started by an effect would be sent on every switch and render the page anew; the
// read lives in a machine instead, whose snapshot the page keeps while it is hidden.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { createDetailLoadMachine } from '../../application/assets/detail-load.machine';

/** What `load` answered, `fallback` until then or when it failed (the HTTP client has said why). */
export function useLoadOnce<T>(load: () => Promise<T>, fallback: T): T {
  const [machine] = useState(() => createDetailLoadMachine(load));
  const data = useSelector(useActorRef(machine), (s) => s.context.data);
  return data ?? fallback;
}
