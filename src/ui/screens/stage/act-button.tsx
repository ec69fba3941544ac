// One call of a stage's page behind its button (保存签章设置, 提交审核, 催签): disabled while the call runs or the page
// says so, the success words said, then the page's `done` (it reads its record again, or goes back to its list).
// The gateway's refusal is already shown by the shared client.
import { Button } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useStageAct } from './use-stage';

export function ActButton(props: {
  call(): Promise<unknown>;
  success: string;
  done(): void;
  disabled?: boolean;
  primary?: boolean;
  children: ReactNode;
}) {
  const { busy, act } = useStageAct(props.done);
  return (
    <Button
      appearance={props.primary ? 'primary' : 'secondary'}
      disabled={busy || !!props.disabled}
      onClick={() => void act(props.call, props.success)}
    >
      {props.children}
    </Button>
  );
}
