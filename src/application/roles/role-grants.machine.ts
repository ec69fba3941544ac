// 角色权限: the role's menu tree with a checkbox per menu and per operation code (domain/role decides what a
// click does and how a parent shows), 保存 replacing the role's grants, and the batch mode that adds the
// same selection to several roles. A load that fails can be retried; a refused save keeps the selection.
import { assign, fromPromise, setup } from 'xstate';
import {
  buildResourceTree,
  grantsOf,
  selectionOf,
  toggleNode,
  toggleOperation,
  type GrantSelection,
  type MenuResource,
  type ResourceNode,
  type Role,
} from '../../domain/role/role';
import type { Notifier } from '../ports/notifier.port';
import type { RoleGateway } from '../ports/role-gateway.port';

export const GRANTS_SAVED = '保存成功';
export const BATCH_NEEDS_ROLES = '请选择要授权的角色';
export const NOTHING_SELECTED = '请选择要授权的菜单';

export interface RoleGrantsContext {
  roleId: string;
  resources: MenuResource[];
  selection: GrantSelection;
  roles: Array<Pick<Role, 'roleId' | 'roleName' | 'roleCode'>>;
}

export type RoleGrantsEvent =
  | { type: 'TOGGLE_MENU'; menuId: string; checked: boolean }
  | { type: 'TOGGLE_OPERATION'; menuId: string; op: string; checked: boolean }
  | { type: 'SAVE' }
  | { type: 'SAVE_BATCH'; roleIds: readonly string[] }
  | { type: 'RETRY' };

function findNode(nodes: readonly ResourceNode[], menuId: string): ResourceNode | undefined {
  for (const node of nodes) {
    if (node.resource.menuId === menuId) return node;
    const inner = findNode(node.children, menuId);
    if (inner) return inner;
  }
  return undefined;
}

export function createRoleGrantsMachine(ports: { roles: RoleGateway; notifier: Notifier }) {
  return setup({
    types: { context: {} as RoleGrantsContext, events: {} as RoleGrantsEvent, input: {} as { roleId: string } },
    actors: {
      load: fromPromise(async ({ input }: { input: { roleId: string } }) => {
        const [resources, roles] = await Promise.all([ports.roles.resources(input.roleId), ports.roles.allRoles()]);
        return { resources, roles };
      }),
      save: fromPromise(({ input }: { input: { roleId: string; context: RoleGrantsContext } }) =>
        ports.roles.saveGrants(input.roleId, grantsOf(input.context.selection, input.context.resources)),
      ),
      saveBatch: fromPromise(({ input }: { input: { roleIds: readonly string[]; context: RoleGrantsContext } }) =>
        ports.roles.grantInBatch(input.roleIds, grantsOf(input.context.selection, input.context.resources)),
      ),
    },
    guards: {
      noRoles: ({ event }) => event.type === 'SAVE_BATCH' && event.roleIds.length === 0,
      nothingSelected: ({ context }) => grantsOf(context.selection, context.resources).length === 0,
    },
    actions: {
      saved: () => ports.notifier.success(GRANTS_SAVED),
      warn: (_, message: string) => ports.notifier.warning(message),
    },
  }).createMachine({
    id: 'roleGrants',
    context: ({ input }) => ({ roleId: input.roleId, resources: [], selection: {}, roles: [] }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => ({ roleId: context.roleId }),
          onDone: {
            target: 'editing',
            actions: assign(({ event }) => ({
              resources: event.output.resources,
              roles: event.output.roles,
              selection: selectionOf(event.output.resources),
            })),
          },
          onError: 'failed',
        },
      },
      failed: { on: { RETRY: 'loading' } },
      editing: {
        on: {
          TOGGLE_MENU: {
            actions: assign(({ context, event }) => {
              const node = findNode(buildResourceTree(context.resources), event.menuId);
              return node ? { selection: toggleNode(context.selection, node, event.checked) } : {};
            }),
          },
          TOGGLE_OPERATION: {
            actions: assign(({ context, event }) => ({
              selection: toggleOperation(context.selection, event.menuId, event.op, event.checked),
            })),
          },
          SAVE: 'saving',
          SAVE_BATCH: [
            { guard: 'noRoles', actions: { type: 'warn', params: BATCH_NEEDS_ROLES } },
            { guard: 'nothingSelected', actions: { type: 'warn', params: NOTHING_SELECTED } },
            { target: 'savingBatch' },
          ],
        },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }) => ({ roleId: context.roleId, context }),
          onDone: { target: 'loading', actions: 'saved' },
          onError: 'editing',
        },
      },
      savingBatch: {
        invoke: {
          src: 'saveBatch',
          input: ({ context, event }) => ({
            roleIds: (event as Extract<RoleGrantsEvent, { type: 'SAVE_BATCH' }>).roleIds,
            context,
          }),
          onDone: { target: 'editing', actions: 'saved' },
          onError: 'editing',
        },
      },
    },
  });
}

export type RoleGrantsMachine = ReturnType<typeof createRoleGrantsMachine>;
