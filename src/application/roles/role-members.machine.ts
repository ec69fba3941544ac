// 分配用户: the role's users and, beside them, the tenant's users not in it (searchable by name), both paged;
// 添加 puts the chosen users into the role and reloads both lists.
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import type { Page } from '../../domain/paging/page';
import type { RoleUser } from '../../domain/role/role';
import type { Notifier } from '../ports/notifier.port';
import type { RoleGateway } from '../ports/role-gateway.port';

export const USERS_ADDED = '添加成功';
export const NO_USER_CHOSEN = '请选择要添加的用户';

export interface RoleMembersContext {
  roleId: string;
  members: Page<RoleUser>;
  candidates: Page<RoleUser>;
  candidateName: string;
  chosen: string[];
}

export type RoleMembersEvent =
  | { type: 'SEARCH_CANDIDATES'; name: string }
  | { type: 'CANDIDATES_PAGE'; current: number; size: number }
  | { type: 'MEMBERS_PAGE'; current: number; size: number }
  | { type: 'CHOOSE'; userIds: string[] }
  | { type: 'ADD' };

const emptyPage = (): Page<RoleUser> => ({ records: [], total: 0, current: 1, size: DEFAULT_PAGE_SIZE });

export function createRoleMembersMachine(ports: { roles: RoleGateway; notifier: Notifier }) {
  return setup({
    types: { context: {} as RoleMembersContext, events: {} as RoleMembersEvent, input: {} as { roleId: string } },
    actors: {
      load: fromPromise(async ({ input }: { input: RoleMembersContext }) => {
        const [members, candidates] = await Promise.all([
          ports.roles.pageRoleUsers(input.roleId, '', { current: input.members.current, size: input.members.size }),
          ports.roles.pageUsersOutsideRole(input.roleId, input.candidateName, {
            current: input.candidates.current,
            size: input.candidates.size,
          }),
        ]);
        return { members, candidates };
      }),
      add: fromPromise(({ input }: { input: { roleId: string; userIds: string[] } }) =>
        ports.roles.addUsersToRole(input.roleId, input.userIds),
      ),
    },
    guards: { noneChosen: ({ context }) => context.chosen.length === 0 },
    actions: {
      warnNone: () => ports.notifier.warning(NO_USER_CHOSEN),
      added: () => ports.notifier.success(USERS_ADDED),
    },
  }).createMachine({
    id: 'roleMembers',
    context: ({ input }) => ({
      roleId: input.roleId,
      members: emptyPage(),
      candidates: emptyPage(),
      candidateName: '',
      chosen: [],
    }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => context,
          onDone: { target: 'idle', actions: assign(({ event }) => event.output) },
          onError: 'idle',
        },
      },
      idle: {
        on: {
          SEARCH_CANDIDATES: {
            target: 'loading',
            actions: assign(({ context, event }) => ({
              candidateName: event.name,
              candidates: { ...context.candidates, current: 1 },
              chosen: [],
            })),
          },
          CANDIDATES_PAGE: {
            target: 'loading',
            actions: assign(({ context, event }) => ({
              candidates: { ...context.candidates, current: event.current, size: event.size },
              chosen: [],
            })),
          },
          MEMBERS_PAGE: {
            target: 'loading',
            actions: assign(({ context, event }) => ({
              members: { ...context.members, current: event.current, size: event.size },
            })),
          },
          CHOOSE: { actions: assign({ chosen: ({ event }) => event.userIds }) },
          ADD: [{ guard: 'noneChosen', actions: 'warnNone' }, { target: 'adding' }],
        },
      },
      adding: {
        invoke: {
          src: 'add',
          input: ({ context }) => ({ roleId: context.roleId, userIds: context.chosen }),
          onDone: {
            target: 'loading',
            actions: [
              'added',
              assign(({ context }) => ({ chosen: [], candidates: { ...context.candidates, current: 1 } })),
            ],
          },
          onError: 'idle',
        },
      },
    },
  });
}

export type RoleMembersMachine = ReturnType<typeof createRoleMembersMachine>;
