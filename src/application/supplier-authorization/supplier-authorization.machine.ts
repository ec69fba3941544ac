// The supplier's data-query authorization prompt of SPEC §4, started after entry (when the main layout
// mounts): when the session flag authStatus is 'true' (set by the session flow for a supplier whose consent
// is pending) and an organisation id exists, ask the gateway whether consent is still needed. Nothing needed
// → the flag is cleared. A letter → the prompt shows it. 同意 is taken only once the letter was read to its
// end (a consent given unread is no consent). Closing without agreeing sets the flag to 'false', so the
// prompt does not pop up again this session; the consent stays pending, and the header offers the letter
// again (REOPEN) until it is agreed — after a reload too: with the flag 'false' the check is made quietly.
// Agreeing reads the capital sides (kept in the session as capitalSideCode), sends the consent with
// authState '1', and on code '0' says '授权成功' and closes; on code '1' shows the server's reason and stays
// open.
import { assign, fromPromise, setup } from 'xstate';
import {
  AUTH_STATE_AGREED,
  AuthorizationMessage,
  isAuthorizationGranted,
  type AuthorizationDocument,
  type SupplierAuthResult,
} from '../../domain/supplier-authorization/supplier-authorization';
import { RequestCancelledError } from '../ports/gateway-error';
import type { Notifier } from '../ports/notifier.port';
import type { SessionStore } from '../ports/session-store.port';
import type { SupplierAuthorizationGateway } from '../ports/supplier-authorization.port';

export interface SupplierAuthorizationPorts {
  gateway: SupplierAuthorizationGateway;
  store: SessionStore;
  notifier: Notifier;
}

export interface SupplierAuthorizationContext {
  /** The supplier asked about: the user's supplier number, or the organisation id without one. */
  gysId: string | null;
  letter: AuthorizationDocument | null;
  capitalSideCodes: string[];
  /** A check cancelled by navigation is asked again, a few times at most. */
  retries: number;
  /** Declined earlier this session: check, but offer the letter from the header instead of popping it up. */
  quiet: boolean;
  /** The letter was scrolled to its end (or fitted without scrolling): only then may the user agree. */
  letterRead: boolean;
}

export type SupplierAuthorizationEvent =
  | { type: 'AGREE' }
  | { type: 'CLOSE' }
  | { type: 'LETTER_READ' }
  | { type: 'REOPEN' };

export const AUTH_STATUS_SET = 'true';
export const AUTH_STATUS_DECLINED = 'false';
const MAX_CHECK_RETRIES = 2;

export function createSupplierAuthorizationMachine({ gateway, store, notifier }: SupplierAuthorizationPorts) {
  return setup({
    types: { context: {} as SupplierAuthorizationContext, events: {} as SupplierAuthorizationEvent },
    actors: {
      check: fromPromise(({ input }: { input: string }) => gateway.checkAuthorization(input)),
      loadCapitalSides: fromPromise(({ input }: { input: string }) => gateway.getCapitalSideCodes(input)),
      consent: fromPromise(({ input }: { input: { gysId: string; capitalSideCodeList: string[] } }) =>
        gateway.updateSupplierAuth({
          gysId: input.gysId,
          authState: AUTH_STATE_AGREED,
          capitalSideCodeList: input.capitalSideCodeList,
        }),
      ),
    },
    guards: {
      shouldAsk: ({ context }) => {
        const flag = store.getFlag('authStatus');
        return (flag === AUTH_STATUS_SET || flag === AUTH_STATUS_DECLINED) && !!context.gysId;
      },
      needsConsent: (_, letter: AuthorizationDocument | null) => letter !== null,
      quiet: ({ context }) => context.quiet,
      letterRead: ({ context }) => context.letterRead,
      cancelledMayRetry: ({ context }, error: unknown) =>
        error instanceof RequestCancelledError && context.retries < MAX_CHECK_RETRIES,
      granted: (_, result: SupplierAuthResult) => isAuthorizationGranted(result),
    },
    actions: {
      clearAuthStatus: () => store.removeFlag('authStatus'),
      declineAuthStatus: () => store.setFlag('authStatus', AUTH_STATUS_DECLINED),
      keepCapitalSides: assign({
        capitalSideCodes: (_, codes: string[]) => {
          store.setFlag('capitalSideCode', JSON.stringify(codes));
          return codes;
        },
      }),
      notifyGranted: () => notifier.success(AuthorizationMessage.granted),
      notifyRefused: (_, message: string) => notifier.error(message),
    },
  }).createMachine({
    id: 'supplierAuthorization',
    context: () => {
      const orgId = store.read()?.orgId || store.readUser()?.organizationId || '';
      const gysId = orgId ? store.readUser()?.gysId || orgId : null;
      const quiet = store.getFlag('authStatus') === AUTH_STATUS_DECLINED;
      return { gysId, letter: null, capitalSideCodes: [], retries: 0, quiet, letterRead: false };
    },
    initial: 'deciding',
    states: {
      deciding: {
        always: [{ guard: 'shouldAsk', target: 'checking' }, { target: 'done' }],
      },
      checking: {
        invoke: {
          src: 'check',
          input: ({ context }) => context.gysId!,
          onDone: [
            {
              guard: { type: 'needsConsent', params: ({ event }) => event.output },
              target: 'deferring',
              actions: assign({ letter: ({ event }) => event.output }),
            },
            { target: 'done', actions: 'clearAuthStatus' },
          ],
          onError: [
            {
              guard: { type: 'cancelledMayRetry', params: ({ event }: { event: { error: unknown } }) => event.error },
              target: 'checking',
              reenter: true,
              actions: assign({ retries: ({ context }) => context.retries + 1 }),
            },
            // The HTTP client has shown why; the flag stays, so the next entry asks again.
            { target: 'done' },
          ],
        },
      },
      deferring: {
        always: [{ guard: 'quiet', target: 'postponed' }, { target: 'prompting' }],
      },
      prompting: {
        on: {
          LETTER_READ: { actions: assign({ letterRead: true }) },
          AGREE: { guard: 'letterRead', target: 'agreeing' },
          CLOSE: { target: 'postponed', actions: 'declineAuthStatus' },
        },
      },
      // Consent still pending, the prompt closed: the header offers the letter again.
      postponed: {
        on: { REOPEN: 'prompting' },
      },
      agreeing: {
        initial: 'loadingCapitalSides',
        states: {
          loadingCapitalSides: {
            invoke: {
              src: 'loadCapitalSides',
              input: ({ context }) => context.gysId!,
              onDone: {
                target: 'updating',
                actions: { type: 'keepCapitalSides', params: ({ event }) => event.output },
              },
              onError: { target: '#supplierAuthorization.prompting' },
            },
          },
          updating: {
            invoke: {
              src: 'consent',
              input: ({ context }) => ({ gysId: context.gysId!, capitalSideCodeList: context.capitalSideCodes }),
              onDone: [
                {
                  guard: { type: 'granted', params: ({ event }) => event.output },
                  target: '#supplierAuthorization.done',
                  actions: ['notifyGranted', 'clearAuthStatus'],
                },
                {
                  target: '#supplierAuthorization.prompting',
                  actions: { type: 'notifyRefused', params: ({ event }) => event.output.message },
                },
              ],
              // A gateway refusal was shown by the HTTP client; the prompt stays for another try.
              onError: { target: '#supplierAuthorization.prompting' },
            },
          },
        },
      },
      done: { type: 'final' },
    },
  });
}

export type SupplierAuthorizationMachine = ReturnType<typeof createSupplierAuthorizationMachine>;
