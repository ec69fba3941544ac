// A screen as the content area keeps it (keep-alive-outlet.tsx): inside an <Activity>, hidden when its tag is
// left and shown again when the tag is revisited, with its state and its effects re-created on each showing.
import { Activity, type ReactNode, useState } from 'react';

export function keptAlive(screen: ReactNode) {
  let setShown: (visible: boolean) => void = () => undefined;
  function KeptAlive() {
    const [visible, setVisible] = useState(true);
    setShown = setVisible;
    return <Activity mode={visible ? 'visible' : 'hidden'}>{screen}</Activity>;
  }
  return { element: <KeptAlive />, show: (visible: boolean) => setShown(visible) };
}
