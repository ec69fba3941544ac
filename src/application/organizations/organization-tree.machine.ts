// 组织管理: the tenant's organisations as one tree, the selected one's details and its accounts
// (org/account/page). A reload keeps the selection when the record is still there.
import { assign, fromPromise, setup } from 'xstate';
import type { OrgAccount, Organization } from '../../domain/organization/organization';
import type { OrganizationGateway } from '../ports/organization-gateway.port';

export interface OrganizationTreeContext {
  orgs: Organization[];
  selectedId: string | null;
  accounts: OrgAccount[];
  accountsTotal: number;
}

export type OrganizationTreeEvent = { type: 'SELECT'; keyId: string } | { type: 'RELOAD' };

export function createOrganizationTreeMachine(deps: { gateway: OrganizationGateway }) {
  const { gateway } = deps;
  return setup({
    types: { context: {} as OrganizationTreeContext, events: {} as OrganizationTreeEvent },
    actors: {
      tree: fromPromise(() => gateway.tree()),
      accounts: fromPromise(({ input }: { input: string }) => gateway.accounts(input, { current: 1, size: 100 })),
    },
    guards: {
      known: ({ context, event }) => event.type === 'SELECT' && context.orgs.some((o) => o.keyId === event.keyId),
    },
  }).createMachine({
    id: 'organizationTree',
    context: { orgs: [], selectedId: null, accounts: [], accountsTotal: 0 },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'tree',
          onDone: {
            target: 'ready',
            actions: assign(({ context, event }) => {
              const orgs = event.output;
              const keep =
                context.selectedId && orgs.some((o) => o.keyId === context.selectedId)
                  ? context.selectedId
                  : (orgs[0]?.keyId ?? null);
              return { orgs, selectedId: keep };
            }),
          },
          onError: 'ready',
        },
      },
      ready: {
        initial: 'accounts',
        on: {
          SELECT: {
            guard: 'known',
            target: '.accounts',
            actions: assign({ selectedId: ({ event }) => event.keyId, accounts: [], accountsTotal: 0 }),
          },
          RELOAD: 'loading',
        },
        states: {
          accounts: {
            always: { guard: ({ context }) => context.selectedId === null, target: 'shown' },
            invoke: {
              src: 'accounts',
              input: ({ context }) => context.selectedId!,
              onDone: {
                target: 'shown',
                actions: assign({
                  accounts: ({ event }) => event.output.records,
                  accountsTotal: ({ event }) => event.output.total,
                }),
              },
              onError: 'shown',
            },
          },
          shown: {},
        },
      },
    },
  });
}
