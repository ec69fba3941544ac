// The one confirmation every destructive action goes through (停用, 删除, 批量停用 …): `await confirm({…})`
// answers true for 确定 and false for 取消, so the action reads top to bottom and no screen builds its own
// dialog state. Render `dialog` once in the screen.
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { StateConfirmDialog, type ConfirmMessage, type ConfirmState } from './state-confirm-dialog';

export interface ConfirmOptions {
  title: string;
  message: ConfirmMessage;
  confirmText?: string;
  cancelText?: string;
  type?: ConfirmState;
}

export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactElement } {
  const [asking, setAsking] = useState<ConfirmOptions | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const confirm = useCallback((options: ConfirmOptions) => {
    // A second question replaces an unanswered first one, which counts as 取消.
    answer.current?.(false);
    setAsking(options);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);
  const settle = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setAsking(null);
  };
  const dialog = (
    <StateConfirmDialog
      open={asking !== null}
      type={asking?.type ?? 'warning'}
      title={asking?.title ?? ''}
      message={asking?.message ?? ''}
      {...(asking?.confirmText ? { confirmText: asking.confirmText } : {})}
      {...(asking?.cancelText ? { cancelText: asking.cancelText } : {})}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirm, dialog };
}
