// The state-confirm dialog of SPEC §2.5: a success, warning or error icon, a title, and a message that is
// plain text, a list of files each with what happened to it ({label, message}: an import's rejected files),
// or a list of lines. 确定 and 取消 unless told; an alert dialog, so only its buttons answer it.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissCircleFilled, WarningFilled } from '@fluentui/react-icons';
import type { ReactNode } from 'react';

export type ConfirmState = 'success' | 'warning' | 'error';

export interface FileMessage {
  label: string;
  message: string;
}

export type ConfirmMessage = string | readonly FileMessage[] | readonly string[];

export const CONFIRM_TEXT = '确定';
export const CANCEL_TEXT = '取消';

export interface StateConfirmDialogProps {
  open: boolean;
  type: ConfirmState;
  title: ReactNode;
  message: ConfirmMessage;
  onConfirm: () => void;
  /** Without it there is no 取消 button. */
  onCancel?: () => void;
  confirmText?: string;
  cancelText?: string;
  /** 420 px unless set. */
  width?: string | number;
}

const STATE_LABEL: Record<ConfirmState, string> = { success: '成功', warning: '警告', error: '错误' };

const useStyles = makeStyles({
  surface: { maxWidth: 'calc(100vw - 32px)' },
  body: { display: 'flex', alignItems: 'flex-start', columnGap: tokens.spacingHorizontalM },
  icon: { fontSize: '28px', flexShrink: 0 },
  success: { color: tokens.colorPaletteGreenForeground1 },
  warning: { color: tokens.colorPaletteMarigoldForeground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: '50vh', overflowY: 'auto' },
  fileLabel: { fontWeight: tokens.fontWeightSemibold, marginRight: tokens.spacingHorizontalS },
  text: { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

function isFileMessages(message: readonly FileMessage[] | readonly string[]): message is readonly FileMessage[] {
  return message.length > 0 && typeof message[0] === 'object';
}

export function StateConfirmDialog({
  open,
  type,
  title,
  message,
  onConfirm,
  onCancel,
  confirmText = CONFIRM_TEXT,
  cancelText = CANCEL_TEXT,
  width = 420,
}: StateConfirmDialogProps) {
  const styles = useStyles();
  const Icon = type === 'success' ? CheckmarkCircleFilled : type === 'warning' ? WarningFilled : DismissCircleFilled;

  let body: ReactNode;
  if (typeof message === 'string') {
    body = <p className={styles.text}>{message}</p>;
  } else if (isFileMessages(message)) {
    body = (
      <ul className={styles.list} aria-label="文件">
        {message.map((item, i) => (
          <li key={`${item.label}-${i}`}>
            <span className={styles.fileLabel}>{item.label}</span>
            <span>{item.message}</span>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <ul className={styles.list}>
        {(message as readonly string[]).map((line, i) => (
          <li key={`${line}-${i}`}>{line}</li>
        ))}
      </ul>
    );
  }

  return (
    <Dialog open={open} modalType="alert">
      <DialogSurface className={styles.surface} style={{ width: typeof width === 'number' ? `${width}px` : width }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.body}>
            <Icon
              role="img"
              aria-label={STATE_LABEL[type]}
              data-state={type}
              className={mergeClasses(styles.icon, styles[type])}
            />
            <div>{body}</div>
          </DialogContent>
          <DialogActions>
            {onCancel ? (
              <Button appearance="secondary" onClick={onCancel}>
                {cancelText}
              </Button>
            ) : null}
            <Button appearance="primary" onClick={onConfirm}>
              {confirmText}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
