// 分配角色: load every role of the tenant with the user's own checked and the data-authorisation switch,
// let the user toggle them, save with `isAuthData` (SPEC §6: a separate flag decides whether data
// authorisation applies).
import { assign, fromPromise, setup } from 'xstate';
import type { AssignableRole } from '../../domain/user/user';
import type { Notifier } from '../ports/notifier.port';
import type { UserGateway } from '../ports/user-gateway.port';

export const ROLES_SAVED_MESSAGE = '角色分配成功';

export interface UserRolesContext {
  userId: string;
  roles: AssignableRole[];
  isAuthData: boolean;
}

export type UserRolesEvent =
  | { type: 'TOGGLE_ROLE'; roleId: string }
  | { type: 'SET_AUTH_DATA'; value: boolean }
  | { type: 'SAVE' }
  | { type: 'RETRY' };

export function createUserRolesMachine(deps: { gateway: UserGateway; notifier: Notifier }) {
  return setup({
    types: { context: {} as UserRolesContext, events: {} as UserRolesEvent, input: {} as { userId: string } },
    actors: {
      load: fromPromise(({ input }: { input: { userId: string } }) => deps.gateway.assignableRoles(input.userId)),
      save: fromPromise(async ({ input }: { input: UserRolesContext }) =>
        deps.gateway.saveRoles(
          input.userId,
          input.roles.filter((r) => r.checked).map((r) => r.roleId),
          input.isAuthData,
        ),
      ),
    },
    actions: {
      saved: () => deps.notifier.success(ROLES_SAVED_MESSAGE),
    },
  }).createMachine({
    id: 'userRoles',
    context: ({ input }) => ({ userId: input.userId, roles: [], isAuthData: false }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => ({ userId: context.userId }),
          onDone: {
            target: 'editing',
            actions: assign(({ event }) => ({ roles: event.output.roles, isAuthData: event.output.isAuthData })),
          },
          onError: 'failed',
        },
      },
      failed: { on: { RETRY: 'loading' } },
      editing: {
        on: {
          TOGGLE_ROLE: {
            actions: assign({
              roles: ({ context, event }) =>
                context.roles.map((r) => (r.roleId === event.roleId ? { ...r, checked: !r.checked } : r)),
            }),
          },
          SET_AUTH_DATA: { actions: assign({ isAuthData: ({ event }) => event.value }) },
          SAVE: 'saving',
        },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }) => context,
          onDone: { target: 'saved', actions: 'saved' },
          onError: 'editing',
        },
      },
      saved: { type: 'final' },
    },
  });
}

export type UserRolesMachine = ReturnType<typeof createUserRolesMachine>;
