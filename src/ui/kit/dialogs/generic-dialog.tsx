// The generic dialog of SPEC §2.5: 60 % wide unless told, 提交 and 关闭 in the footer, and not closed by a
// click on the dimmed background (a half-filled form must not vanish on a stray click). Escape, the close
// icon and 关闭 all ask the owner to close through `onClose`; the dialog is controlled and decides nothing.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  mergeClasses,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { CSSProperties, ReactNode } from 'react';
import { DIALOG_DEFAULT_WIDTH } from '../../../domain/constants';

export const DIALOG_SUBMIT_TEXT = '提交';
export const DIALOG_CLOSE_TEXT = '关闭';

export interface GenericDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** A CSS width ('60%', '400px') or pixels; 60 % unless set. */
  width?: string | number;
  /** Called for 关闭, the close icon and Escape — never for a click outside. */
  onClose: () => void;
  /** Without it there is no submit button. */
  onSubmit?: () => void;
  submitText?: string;
  closeText?: string;
  /** The submit button shows a spinner and takes no clicks while the owner's call runs. */
  submitting?: boolean;
  submitDisabled?: boolean;
  /** The × in the title bar; shown unless false. */
  showCloseIcon?: boolean;
  /** false hides the 关闭 button (an alert that must be answered with its one button). */
  showCloseButton?: boolean;
  /** Replaces the whole footer. */
  footer?: ReactNode;
  /** 'alert' gives role alertdialog and ignores Escape too: for a message that must be acknowledged. */
  modalType?: 'modal' | 'alert';
  className?: string;
}

const useStyles = makeStyles({
  // Fluent caps a dialog at 600 px; the spec's dialogs size themselves, so the cap goes and the viewport
  // margin stays.
  surface: { maxWidth: 'calc(100vw - 32px)' },
  content: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto' },
});

export function cssWidth(width: string | number | undefined): string {
  if (width === undefined) return DIALOG_DEFAULT_WIDTH;
  return typeof width === 'number' ? `${width}px` : width;
}

export function GenericDialog({
  open,
  title,
  children,
  width,
  onClose,
  onSubmit,
  submitText = DIALOG_SUBMIT_TEXT,
  closeText = DIALOG_CLOSE_TEXT,
  submitting = false,
  submitDisabled = false,
  showCloseIcon = true,
  showCloseButton = true,
  footer,
  modalType = 'modal',
  className,
}: GenericDialogProps) {
  const styles = useStyles();
  const surfaceStyle: CSSProperties = { width: cssWidth(width) };
  return (
    <Dialog
      open={open}
      modalType={modalType}
      onOpenChange={(event, data) => {
        if (data.open) return;
        if (data.type === 'backdropClick') return;
        if (modalType === 'alert' && data.type === 'escapeKeyDown') {
          event.preventDefault();
          return;
        }
        onClose();
      }}
    >
      <DialogSurface className={mergeClasses(styles.surface, className)} style={surfaceStyle}>
        <DialogBody>
          <DialogTitle
            action={
              showCloseIcon ? (
                <Button appearance="subtle" aria-label="关闭窗口" icon={<DismissRegular />} onClick={onClose} />
              ) : null
            }
          >
            {title}
          </DialogTitle>
          <DialogContent className={styles.content}>{children}</DialogContent>
          {footer !== undefined ? (
            footer
          ) : (
            <DialogActions>
              {showCloseButton ? (
                <Button appearance="secondary" onClick={onClose}>
                  {closeText}
                </Button>
              ) : null}
              {onSubmit ? (
                <Button
                  appearance="primary"
                  disabled={submitDisabled || submitting}
                  aria-busy={submitting || undefined}
                  icon={submitting ? <Spinner size="tiny" /> : undefined}
                  onClick={() => {
                    if (!submitting) onSubmit();
                  }}
                >
                  {submitText}
                </Button>
              ) : null}
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
