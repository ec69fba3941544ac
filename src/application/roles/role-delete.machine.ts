// 删除 a role: ask first (a StateConfirmDialog), then the status change; `deleted` tells the list to reload.
// The platform administrator's role is never offered (the gateway refuses it as well).
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Role } from '../../domain/role/role';
import type { Notifier } from '../ports/notifier.port';
import type { RoleGateway } from '../ports/role-gateway.port';

export const ROLE_DELETED = '删除成功';

export type RoleDeleteEvent = { type: 'ASK'; role: Role } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export function createRoleDeleteMachine(ports: { roles: RoleGateway; notifier: Notifier }) {
  return setup({
    types: {
      context: {} as { role: Role | null },
      events: {} as RoleDeleteEvent,
      emitted: {} as { type: 'deleted'; roleId: string },
    },
    actors: {
      remove: fromPromise(({ input }: { input: { roleId: string } }) => ports.roles.deleteRoles([input.roleId])),
    },
    guards: { deletable: ({ event }) => event.type === 'ASK' && !event.role.platformAdmin },
    actions: { deleted: () => ports.notifier.success(ROLE_DELETED) },
  }).createMachine({
    id: 'roleDelete',
    context: { role: null },
    initial: 'idle',
    states: {
      idle: {
        on: { ASK: { guard: 'deletable', target: 'confirming', actions: assign({ role: ({ event }) => event.role }) } },
      },
      // The role stays in context after the question closes, so the dialog's closing animation still names it.
      confirming: { on: { CONFIRM: 'deleting', CANCEL: 'idle' } },
      deleting: {
        invoke: {
          src: 'remove',
          input: ({ context }) => ({ roleId: context.role!.roleId }),
          onDone: {
            target: 'idle',
            actions: ['deleted', emit(({ context }) => ({ type: 'deleted' as const, roleId: context.role!.roleId }))],
          },
          onError: 'idle',
        },
      },
    },
  });
}

export type RoleDeleteMachine = ReturnType<typeof createRoleDeleteMachine>;
