// The row actions of 用户管理 that need no form: 重置密码 (confirm, reset, show the new password once) and
// 启用/停用 (one call). One at a time; the list reloads after either.
import { assign, fromPromise, setup } from 'xstate';
import type { UserQuery } from '../../domain/user/user';
import type { UserStatus } from '../../domain/user/user-form';
import type { Notifier } from '../ports/notifier.port';
import type { UserGateway } from '../ports/user-gateway.port';

export const STATUS_CHANGED_MESSAGE: Record<UserStatus, string> = { ENABLED: '启用成功', DISABLED: '停用成功' };

export interface UserActionsContext {
  target: { userId: string; userName: string } | null;
  password: string | null;
}

export type UserActionsEvent =
  | { type: 'RESET_PASSWORD'; userId: string; userName: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DONE' }
  | { type: 'SET_STATUS'; userId: string; userName: string; status: UserStatus }
  /** 导出: the query last searched, all its users. */
  | { type: 'EXPORT'; query: UserQuery };

export function createUserActionsMachine(deps: { gateway: UserGateway; notifier: Notifier; onChanged: () => void }) {
  return setup({
    types: { context: {} as UserActionsContext, events: {} as UserActionsEvent },
    actors: {
      reset: fromPromise(({ input }: { input: { userId: string } }) => deps.gateway.resetPassword(input.userId)),
      export: fromPromise(({ input }: { input: UserQuery }) => deps.gateway.exportUsers(input)),
      setStatus: fromPromise(async ({ input }: { input: { userId: string; status: UserStatus } }) => {
        await deps.gateway.updateUser(input.userId, { status: input.status });
        return input.status;
      }),
    },
    actions: {
      changed: () => deps.onChanged(),
    },
  }).createMachine({
    id: 'userActions',
    context: { target: null, password: null },
    initial: 'idle',
    states: {
      idle: {
        entry: assign({ target: null, password: null }),
        on: {
          RESET_PASSWORD: {
            target: 'confirmingReset',
            actions: assign({ target: ({ event }) => ({ userId: event.userId, userName: event.userName }) }),
          },
          EXPORT: 'exporting',
          SET_STATUS: {
            target: 'settingStatus',
            actions: assign({ target: ({ event }) => ({ userId: event.userId, userName: event.userName }) }),
          },
        },
      },
      confirmingReset: { on: { CONFIRM: 'resetting', CANCEL: 'idle' } },
      resetting: {
        invoke: {
          src: 'reset',
          input: ({ context }) => ({ userId: context.target!.userId }),
          onDone: { target: 'showingPassword', actions: assign({ password: ({ event }) => event.output }) },
          onError: 'idle',
        },
      },
      // Shown once: leaving this state forgets it.
      showingPassword: { on: { DONE: 'idle' } },
      exporting: {
        invoke: {
          src: 'export',
          input: ({ event }) => (event as Extract<UserActionsEvent, { type: 'EXPORT' }>).query,
          onDone: 'idle',
          onError: 'idle',
        },
      },
      settingStatus: {
        invoke: {
          src: 'setStatus',
          input: ({ context, event }) => ({
            userId: context.target!.userId,
            status: (event as Extract<UserActionsEvent, { type: 'SET_STATUS' }>).status,
          }),
          onDone: {
            target: 'idle',
            actions: [({ event }) => deps.notifier.success(STATUS_CHANGED_MESSAGE[event.output]), 'changed'],
          },
          onError: 'idle',
        },
      },
    },
  });
}

export type UserActionsMachine = ReturnType<typeof createUserActionsMachine>;
