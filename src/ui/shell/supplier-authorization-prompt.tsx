// SPEC §2.5, §4: the supplier's data-query authorization prompt — 600 px, titled 提示, submit 同意 — showing
// the authorization letter read-only, the way the agreement dialog does. The flow (when to ask, what
// agreeing and closing do) is the supplier-authorization machine; this file only shows it. 同意 waits until
// the letter was scrolled to its end; after 关闭 the header's 数据查询授权 opens the letter again.
import { Button, DialogActions, makeStyles, Spinner, Text, tokens, Tooltip } from '@fluentui/react-components';
import { DocumentSignature20Regular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  createSupplierAuthorizationMachine,
  type SupplierAuthorizationMachine,
} from '../../application/supplier-authorization/supplier-authorization.machine';
import {
  selectAgreeing,
  selectConsentPostponed,
  selectLetterContent,
  selectLetterRead,
  selectLetterTitle,
  selectPromptOpen,
} from '../../application/supplier-authorization/supplier-authorization.selectors';
import { AUTHORIZATION_DIALOG_WIDTH_PX } from '../../domain/constants';
import { useServices } from '../app/services';
import { AgreementText } from '../kit/dialogs/agreement-dialog';
import { GenericDialog } from '../kit/dialogs/generic-dialog';

export const AUTHORIZATION_PROMPT_TITLE = '提示';
export const AUTHORIZATION_AGREE_TEXT = '同意';
export const READ_TO_END_HINT = '请阅读至授权书末尾';
export const AUTHORIZATION_COMMAND = '数据查询授权';

export type SupplierAuthorizationFlow = ActorRefFrom<SupplierAuthorizationMachine>;

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

/** The flow, made once a main-layout mount (each entry after sign-in runs it once). */
export function useSupplierAuthorizationFlow(): SupplierAuthorizationFlow {
  const { supplierAuthorization, store, notifier } = useServices();
  const [machine] = useState(() =>
    createSupplierAuthorizationMachine({ gateway: supplierAuthorization, store, notifier }),
  );
  return useActorRef(machine);
}

/** Mounted once in the main layout, beside the header command that reopens it. */
export function SupplierAuthorizationPrompt({ flow }: { flow: SupplierAuthorizationFlow }) {
  const open = useSelector(flow, selectPromptOpen);
  const agreeing = useSelector(flow, selectAgreeing);
  const letterRead = useSelector(flow, selectLetterRead);
  const letterTitle = useSelector(flow, selectLetterTitle);
  const letter = useSelector(flow, selectLetterContent);
  const onReadToEnd = useCallback(() => flow.send({ type: 'LETTER_READ' }), [flow]);
  return (
    <SupplierAuthorizationDialog
      open={open}
      agreeing={agreeing}
      letterRead={letterRead}
      letterTitle={letterTitle}
      letter={letter}
      onAgree={() => flow.send({ type: 'AGREE' })}
      onClose={() => flow.send({ type: 'CLOSE' })}
      onReadToEnd={onReadToEnd}
    />
  );
}

/** The header's 数据查询授权: shown while the consent is pending and the prompt closed. */
export function SupplierAuthorizationCommand({ flow, compact }: { flow: SupplierAuthorizationFlow; compact: boolean }) {
  const postponed = useSelector(flow, selectConsentPostponed);
  if (!postponed) return null;
  const reopen = () => flow.send({ type: 'REOPEN' });
  return compact ? (
    <Tooltip content={AUTHORIZATION_COMMAND} relationship="label">
      <Button appearance="subtle" icon={<DocumentSignature20Regular />} onClick={reopen} />
    </Tooltip>
  ) : (
    <Button appearance="subtle" icon={<DocumentSignature20Regular />} onClick={reopen}>
      {AUTHORIZATION_COMMAND}
    </Button>
  );
}
