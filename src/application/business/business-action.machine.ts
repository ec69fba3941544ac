// One action of the lifecycle on one business — 终止, 暂停, 恢复, or any the gateway offers — asked first in a
// dialog that names the business, with the transition's comment box when it has one. The comment is checked
// by the table's own rule as typed and again on 确定; the version read is sent back, so a business another
// person moved meanwhile is refused (160300409) rather than overwritten. A refused call keeps the dialog (the
// HTTP client has already said why). The screen offers only the actions the gateway listed for the row.
import { assign, fromPromise, setup } from 'xstate';
import type { BusinessListItem } from '../../domain/financing/business-list';
import { LIFECYCLE, transitionOf } from '../../domain/financing/lifecycle';
import { checkTransitionComment } from '../../domain/workflow/workflow';
import type { BusinessGateway } from '../ports/business-gateway.port';
import type { Notifier } from '../ports/notifier.port';

export type BusinessTarget = Pick<BusinessListItem, 'keyId' | 'businessNo' | 'state' | 'version'>;

export interface BusinessActionContext {
  business: BusinessTarget | null;
  action: string;
  comment: string;
  error: string | null;
}

export type BusinessActionEvent =
  | { type: 'REQUEST'; business: BusinessTarget; action: string }
  | { type: 'COMMENT'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface BusinessActionDeps {
  gateway: BusinessGateway;
  notifier: Notifier;
  onChanged: () => void;
}

/** The comment's refusal under the action's own rule, as the dialog shows it. */
export function businessCommentError(state: string, action: string, comment: string): string | null {
  const t = transitionOf(state, action);
  return t ? checkTransitionComment(LIFECYCLE, t, comment) : null;
}

export function createBusinessActionMachine({ gateway, notifier, onChanged }: BusinessActionDeps) {
  const errorOf = (c: BusinessActionContext) =>
    c.business ? businessCommentError(c.business.state, c.action, c.comment) : null;
  return setup({
    types: { context: {} as BusinessActionContext, events: {} as BusinessActionEvent },
    actors: {
      act: fromPromise(async ({ input }: { input: { business: BusinessTarget; action: string; comment: string } }) =>
        gateway.transition(input.business.keyId, input.action, input.business.version, input.comment),
      ),
    },
    guards: { commentOk: ({ context }) => errorOf(context) === null },
    actions: {
      done: ({ context }) => {
        const t = context.business ? transitionOf(context.business.state, context.action) : undefined;
        notifier.success(`${t?.label ?? '操作'}成功`);
        onChanged();
      },
    },
  }).createMachine({
    id: 'businessAction',
    context: { business: null, action: '', comment: '', error: null },
    initial: 'idle',
    states: {
      idle: {
        on: {
          REQUEST: {
            target: 'confirming',
            actions: assign(({ event }) => ({
              business: event.business,
              action: event.action,
              comment: '',
              error: null,
            })),
          },
        },
      },
      confirming: {
        on: {
          COMMENT: {
            actions: assign(({ context, event }) => ({
              comment: event.value,
              error: context.business
                ? businessCommentError(context.business.state, context.action, event.value)
                : null,
            })),
          },
          CONFIRM: [
            { guard: 'commentOk', target: 'acting' },
            { actions: assign(({ context }) => ({ error: errorOf(context) })) },
          ],
          CANCEL: { target: 'idle', actions: assign({ business: null }) },
        },
      },
      acting: {
        invoke: {
          src: 'act',
          input: ({ context }) => ({
            business: context.business as BusinessTarget,
            action: context.action,
            comment: context.comment,
          }),
          onDone: { target: 'idle', actions: ['done', assign({ business: null })] },
          onError: 'confirming',
        },
      },
    },
  });
}
