// The supplier's data-query authorization prompt itself (SPEC §2.5, §4): 600 px, titled 提示, submit 同意,
// the authorization letter read-only; 同意 waits until the letter was scrolled to its end. Its own lazy
// chunk: only a supplier with a pending consent ever sees it, so it does not weigh on the shell.
import { Button, DialogActions, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useCallback, useLayoutEffect, useRef, type UIEvent } from 'react';
import { AUTHORIZATION_DIALOG_WIDTH_PX } from '../../domain/constants';
import { AgreementText } from '../kit/dialogs/agreement-dialog';
import { GenericDialog } from '../kit/dialogs/generic-dialog';

export const AUTHORIZATION_PROMPT_TITLE = '提示';
export const AUTHORIZATION_AGREE_TEXT = '同意';
export const READ_TO_END_HINT = '请阅读至授权书末尾';

// How close to the end counts as the end: sub-pixel rounding leaves a pixel or two at high zoom levels.
const END_SLACK_PX = 4;

const useStyles = makeStyles({
  letter: { maxHeight: '50vh', overflowY: 'auto' },
  footer: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '4px', gridColumn: '1 / -1' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export interface SupplierAuthorizationDialogProps {
  open: boolean;
  agreeing: boolean;
  /** The letter was read to its end: 同意 is enabled. */
  letterRead: boolean;
  letterTitle: string;
  letter: string;
  onAgree: () => void;
  onClose: () => void;
  /** The letter was scrolled to its end, or fits without scrolling. */
  onReadToEnd: () => void;
}

function reachedEnd(box: HTMLElement): boolean {
  return box.scrollTop + box.clientHeight >= box.scrollHeight - END_SLACK_PX;
}

export function SupplierAuthorizationDialog({
  open,
  agreeing,
  letterRead,
  letterTitle,
  letter,
  onAgree,
  onClose,
  onReadToEnd,
}: SupplierAuthorizationDialogProps) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement | null>(null);
  // The letter may fit without scrolling (a tall screen): then it is read as soon as it is shown.
  const measure = useCallback(
    (node: HTMLDivElement | null) => {
      box.current = node;
      if (node && !letterRead && letter && reachedEnd(node)) onReadToEnd();
    },
    [letterRead, letter, onReadToEnd],
  );
  useLayoutEffect(() => {
    if (box.current && open && !letterRead && letter && reachedEnd(box.current)) onReadToEnd();
  }, [open, letter, letterRead, onReadToEnd]);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (!letterRead && reachedEnd(e.currentTarget)) onReadToEnd();
  };
  return (
    <GenericDialog
      open={open}
      title={AUTHORIZATION_PROMPT_TITLE}
      width={AUTHORIZATION_DIALOG_WIDTH_PX}
      onClose={onClose}
      footer={
        <div className={styles.footer}>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              关闭
            </Button>
            <Button
              appearance="primary"
              disabled={!letterRead || agreeing}
              aria-busy={agreeing || undefined}
              aria-describedby={letterRead ? undefined : 'authorization-read-hint'}
              icon={agreeing ? <Spinner size="tiny" /> : undefined}
              onClick={() => {
                if (!agreeing) onAgree();
              }}
            >
              {AUTHORIZATION_AGREE_TEXT}
            </Button>
          </DialogActions>
          {letterRead ? null : (
            <Text id="authorization-read-hint" className={styles.hint}>
              {READ_TO_END_HINT}
            </Text>
          )}
        </div>
      }
    >
      {/* The letter's own box does not scroll: this one does, so that its end can be noticed. */}
      <div ref={measure} className={styles.letter} data-letter-scroll onScroll={onScroll}>
        <AgreementText title={letterTitle} content={letter} maxHeight="none" />
      </div>
    </GenericDialog>
  );
}
