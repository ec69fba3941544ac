// The lifecycle's dialog on 融资业务管理 and 业务详情: one business, one action the gateway offered, the
// action's comment box (终止原因 and 暂停原因 are required, 恢复说明 optional), and a 确定 that sends the version
// read. Danger actions say so in their words before anything happens.
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import {
  type BusinessTarget,
  createBusinessActionMachine,
} from '../../../application/business/business-action.machine';
import { BUSINESS_MANAGE, actionsOnPage, transitionOf } from '../../../domain/financing/lifecycle';
import { useServices } from '../../app/services';

// The dialog is loaded when an action is first asked for: the lists show without it.
const BusinessActionDialog = lazy(async () => ({
  default: (await import('./business-action-dialog')).BusinessActionDialog,
}));

/** The actions 融资业务管理 and 业务详情 take themselves; the others belong to their stage's own page. */
export const MANAGE_ACTIONS: readonly string[] = actionsOnPage(BUSINESS_MANAGE);

export function useBusinessAction(onChanged: () => void) {
  const { business, notifier } = useServices();
  const [machine] = useState(() => createBusinessActionMachine({ gateway: business, notifier, onChanged }));
  const flow = useActorRef(machine);
  const open = useSelector(flow, (s) => !s.matches('idle'));
  const acting = useSelector(flow, (s) => s.matches('acting'));
  const target = useSelector(flow, (s) => s.context.business);
  const action = useSelector(flow, (s) => s.context.action);
  const comment = useSelector(flow, (s) => s.context.comment);
  const error = useSelector(flow, (s) => s.context.error);
  const t = target ? transitionOf(target.state, action) : undefined;

  const dialog =
    open && target && t ? (
      <Suspense fallback={null}>
        <BusinessActionDialog
          transition={t}
          businessNo={target.businessNo}
          comment={comment}
          error={error}
          acting={acting}
          onComment={(value) => flow.send({ type: 'COMMENT', value })}
          onCancel={() => flow.send({ type: 'CANCEL' })}
          onConfirm={() => flow.send({ type: 'CONFIRM' })}
        />
      </Suspense>
    ) : null;

  return {
    request: (business: BusinessTarget, next: string) => flow.send({ type: 'REQUEST', business, action: next }),
    dialog,
  };
}

/** The label of an action offered in this state, for its button. */
export const actionLabel = (state: string, action: string) => transitionOf(state, action)?.label ?? action;
export const actionTone = (state: string, action: string) => transitionOf(state, action)?.tone;
