// 停用 / 启用 of an organisation: confirm first (disabling is the delete of these screens), then the status
// change with the version the list shows; the list reloads after either outcome, so a stale row is refreshed.
import { assign, fromPromise, setup } from 'xstate';
import type { OrgStatus } from '../../domain/organization/organization';
import type { Notifier } from '../ports/notifier.port';
import type { OrganizationGateway, OrgResource } from '../ports/organization-gateway.port';

export interface StatusTarget {
  keyId: string;
  enterpriseName: string;
  status: OrgStatus;
  version: number;
}

export type OrganizationStatusEvent =
  | { type: 'REQUEST'; target: StatusTarget }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export function createOrganizationStatusMachine(deps: {
  gateway: OrganizationGateway;
  notifier: Notifier;
  resource: OrgResource;
  onChanged: () => void;
}) {
  const { gateway, notifier, resource, onChanged } = deps;
  return setup({
    types: { context: {} as { target: StatusTarget | null }, events: {} as OrganizationStatusEvent },
    actors: {
      save: fromPromise(({ input }: { input: StatusTarget }) =>
        gateway.setStatus(resource, input.keyId, input.status, input.version),
      ),
    },
  }).createMachine({
    id: 'organizationStatus',
    context: { target: null },
    initial: 'idle',
    states: {
      idle: { on: { REQUEST: { target: 'confirming', actions: assign({ target: ({ event }) => event.target }) } } },
      confirming: { on: { CONFIRM: 'saving', CANCEL: { target: 'idle', actions: assign({ target: null }) } } },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }) => context.target!,
          onDone: {
            target: 'idle',
            actions: [
              ({ context }) => notifier.success(context.target!.status === 'DISABLED' ? '已停用' : '已启用'),
              assign({ target: null }),
              () => onChanged(),
            ],
          },
          onError: { target: 'idle', actions: [assign({ target: null }), () => onChanged()] },
        },
      },
    },
  });
}
