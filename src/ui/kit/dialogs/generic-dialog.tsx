// The generic dialog of SPEC §2.5: 60 % wide unless told, 提交 and 关闭 in the footer, and not closed by a
// click on the dimmed background (a half-filled form must not vanish on a stray click). Escape, the close
// icon and 关闭 all ask the owner to close through `onClose`; the dialog is controlled and decides nothing.
// A dialog whose form holds changes (`dirty`) asks '放弃未保存的修改？' before it lets any of them close it.
// One button order everywhere: 关闭 (secondary) then 提交 (primary) on the right; a custom `footer` is for
// dialogs with other buttons, not for reordering these. On a phone the dialog is the screen's width less a
// margin, and its content scrolls under a fixed title and footer (SPEC §9).
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
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, WarningFilled } from '@fluentui/react-icons';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { DIALOG_DEFAULT_WIDTH } from '../../../domain/constants';

export const DISCARD_TITLE = '放弃未保存的修改？';
export const DISCARD_MESSAGE = '表单中有尚未保存的修改，关闭后将丢失。';
export const DISCARD_CONFIRM_TEXT = '放弃修改';
export const DISCARD_CANCEL_TEXT = '继续编辑';

export const DIALOG_SUBMIT_TEXT = '提交';
export const DIALOG_CLOSE_TEXT = '关闭';
/** The answer a 确定 is paired with: a question is confirmed or cancelled, a form submitted or closed. */
export const DIALOG_CONFIRM_TEXT = '确定';
export const DIALOG_CANCEL_TEXT = '取消';

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
  /** 关闭 unless set; 取消 beside a 确定. */
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
  /** The form holds changes: closing asks first. */
  dirty?: boolean;
}

const useStyles = makeStyles({
  // Fluent caps a dialog at 600 px; the spec's dialogs size themselves, so the cap goes and the viewport
  // margin stays.
  // The requested width, capped at the viewport less a margin (min(requested, 100vw − 32px)); on a phone the
  // whole of that, since 60 % of 390 px is too narrow for a form.
  surface: {
    maxWidth: 'calc(100vw - 32px)',
    '@media (max-width: 640px)': { width: 'calc(100vw - 32px) !important' },
  },
  discard: {
    gridColumn: '1 / -1',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: '8px',
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1,
  },
  discardText: { flexGrow: 1, minWidth: '160px' },
  warning: { color: tokens.colorPaletteMarigoldForeground1, fontSize: '20px' },
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
  closeText = submitText === DIALOG_CONFIRM_TEXT ? DIALOG_CANCEL_TEXT : DIALOG_CLOSE_TEXT,
  submitting = false,
  submitDisabled = false,
  showCloseIcon = true,
  showCloseButton = true,
  footer,
  modalType = 'modal',
  className,
  dirty = false,
}: GenericDialogProps) {
  const styles = useStyles();
  const [asking, setAsking] = useState(false);
  const surfaceStyle: CSSProperties = { width: cssWidth(width) };
  const requestClose = () => {
    if (dirty) setAsking(true);
    else onClose();
  };
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
        requestClose();
      }}
    >
      <DialogSurface className={mergeClasses(styles.surface, className)} style={surfaceStyle}>
        <DialogBody>
          <DialogTitle
            action={
              showCloseIcon ? (
                <Button appearance="subtle" aria-label="关闭窗口" icon={<DismissRegular />} onClick={requestClose} />
              ) : null
            }
          >
            {title}
          </DialogTitle>
          <DialogContent className={styles.content}>{children}</DialogContent>
          {asking ? (
            // Asked in place of the footer, not in a second modal: the question stays with the form it is about.
            <div role="alertdialog" aria-label={DISCARD_TITLE} className={styles.discard}>
              <WarningFilled className={styles.warning} aria-hidden />
              <span className={styles.discardText}>
                {DISCARD_TITLE}
                {DISCARD_MESSAGE}
              </span>
              <Button appearance="secondary" onClick={() => setAsking(false)}>
                {DISCARD_CANCEL_TEXT}
              </Button>
              <Button
                appearance="primary"
                onClick={() => {
                  setAsking(false);
                  onClose();
                }}
              >
                {DISCARD_CONFIRM_TEXT}
              </Button>
            </div>
          ) : footer !== undefined ? (
            footer
          ) : (
            <DialogActions>
              {showCloseButton ? (
                <Button appearance="secondary" onClick={requestClose}>
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
