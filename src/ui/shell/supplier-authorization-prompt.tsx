// SPEC §2.5, §4: the supplier's data-query authorization prompt. The flow (when to ask, what agreeing and
// closing do) is the supplier-authorization machine; this file only shows it, and loads the dialog
// (supplier-authorization-dialog.tsx) when it opens. After 关闭 the header's 数据查询授权 opens it again.
import { Button, Tooltip } from '@fluentui/react-components';
import { DocumentSignature20Regular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useState } from 'react';
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
import { useServices } from '../app/services';

const SupplierAuthorizationDialog = lazy(async () => ({
  default: (await import('./supplier-authorization-dialog')).SupplierAuthorizationDialog,
}));

export const AUTHORIZATION_COMMAND = '数据查询授权';

export type SupplierAuthorizationFlow = ActorRefFrom<SupplierAuthorizationMachine>;

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
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SupplierAuthorizationDialog
        open
        agreeing={agreeing}
        letterRead={letterRead}
        letterTitle={letterTitle}
        letter={letter}
        onAgree={() => flow.send({ type: 'AGREE' })}
        onClose={() => flow.send({ type: 'CLOSE' })}
        onReadToEnd={onReadToEnd}
      />
    </Suspense>
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
