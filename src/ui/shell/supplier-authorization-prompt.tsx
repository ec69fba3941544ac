// SPEC §2.5, §4: the supplier's data-query authorization prompt — 600 px, titled 提示, submit 同意 — showing
// the authorization letter read-only, the way the agreement dialog does. The flow (when to ask, what
// agreeing and closing do) is the supplier-authorization machine; this file only shows it.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  selectAgreeing, selectLetterContent, selectLetterTitle, selectPromptOpen,
} from '../../application/supplier-authorization/supplier-authorization.selectors';
import { AUTHORIZATION_DIALOG_WIDTH_PX } from '../../domain/constants';
import { createSupplierAuthorizationMachine } from '../../application/supplier-authorization/supplier-authorization.machine';
import { useServices } from '../app/services';
import { AgreementText } from '../kit/dialogs/agreement-dialog';
import { GenericDialog } from '../kit/dialogs/generic-dialog';

export const AUTHORIZATION_PROMPT_TITLE = '提示';
export const AUTHORIZATION_AGREE_TEXT = '同意';

export interface SupplierAuthorizationDialogProps {
  open: boolean;
  agreeing: boolean;
  letterTitle: string;
  letter: string;
  onAgree: () => void;
  onClose: () => void;
}

export function SupplierAuthorizationDialog({ open, agreeing, letterTitle, letter, onAgree, onClose }: SupplierAuthorizationDialogProps) {
  return (
    <GenericDialog
      open={open}
      title={AUTHORIZATION_PROMPT_TITLE}
      width={AUTHORIZATION_DIALOG_WIDTH_PX}
      submitText={AUTHORIZATION_AGREE_TEXT}
      submitting={agreeing}
      onSubmit={onAgree}
      onClose={onClose}
    >
      <AgreementText title={letterTitle} content={letter} maxHeight="50vh" />
    </GenericDialog>
  );
}

/** Mounted once in the main layout: each entry (a mount after sign-in) runs the flow once. */
export function SupplierAuthorizationPrompt() {
  const { supplierAuthorization, store, notifier } = useServices();
  const [machine] = useState(() => createSupplierAuthorizationMachine({ gateway: supplierAuthorization, store, notifier }));
  const flow = useActorRef(machine);
  const open = useSelector(flow, selectPromptOpen);
  const agreeing = useSelector(flow, selectAgreeing);
  const letterTitle = useSelector(flow, selectLetterTitle);
  const letter = useSelector(flow, selectLetterContent);
  return (
    <SupplierAuthorizationDialog
      open={open}
      agreeing={agreeing}
      letterTitle={letterTitle}
      letter={letter}
      onAgree={() => flow.send({ type: 'AGREE' })}
      onClose={() => flow.send({ type: 'CLOSE' })}
    />
  );
}
