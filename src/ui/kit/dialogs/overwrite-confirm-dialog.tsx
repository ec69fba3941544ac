// SPEC §2.5: before a form is filled with its example, the user confirms overwriting what they typed.
import { CANCEL_TEXT, CONFIRM_TEXT, StateConfirmDialog } from './state-confirm-dialog';

export const OVERWRITE_TITLE = '提示';
export const OVERWRITE_TEXT = '是否用示例覆盖?';

export interface OverwriteConfirmDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function OverwriteConfirmDialog({ open, onConfirm, onCancel }: OverwriteConfirmDialogProps) {
  return (
    <StateConfirmDialog
      open={open}
      type="warning"
      title={OVERWRITE_TITLE}
      message={OVERWRITE_TEXT}
      confirmText={CONFIRM_TEXT}
      cancelText={CANCEL_TEXT}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
