// SPEC §4/§7.2 change password: the form's rules (SPEC §5) decide whether it may be sent; an invalid form
// gives the warning '请完善表格输入'; success shows '修改成功', closes the form and shows the alert
// '密码已修改，请重新登录', after which the user is signed out. A refused call is silent here (the HTTP
// client has already shown the gateway's message) and the form stays open for another try.
import { fromPromise, setup } from 'xstate';
import {
  passwordChangeSubmitWarning,
  type PasswordChangeForm,
  type PasswordChangeRequest,
} from '../../domain/password/password-change-form';
import type { AccountGateway } from '../ports/account-gateway.port';
import type { Notifier } from '../ports/notifier.port';

export const PASSWORD_CHANGED_MESSAGE = '修改成功';

export type ChangePasswordEvent = { type: 'SUBMIT'; form: PasswordChangeForm } | { type: 'ACKNOWLEDGE' };

export function createChangePasswordMachine(ports: { account: AccountGateway; notifier: Notifier }) {
  return setup({
    types: { events: {} as ChangePasswordEvent, input: {} as { userId: string } },
    actors: {
      change: fromPromise(({ input }: { input: PasswordChangeRequest }) => ports.account.changePassword(input)),
    },
    guards: {
      formInvalid: (_, form: PasswordChangeForm) => passwordChangeSubmitWarning(form) !== null,
    },
    actions: {
      warn: (_, message: string) => ports.notifier.warning(message),
      succeed: () => ports.notifier.success(PASSWORD_CHANGED_MESSAGE),
    },
  }).createMachine({
    id: 'changePassword',
    context: ({ input }) => ({ userId: input.userId }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          SUBMIT: [
            {
              guard: { type: 'formInvalid', params: ({ event }) => event.form },
              actions: { type: 'warn', params: ({ event }) => passwordChangeSubmitWarning(event.form)! },
            },
            { target: 'submitting' },
          ],
        },
      },
      submitting: {
        invoke: {
          src: 'change',
          input: ({ context, event }) => ({
            userId: context.userId,
            ...(event as Extract<ChangePasswordEvent, { type: 'SUBMIT' }>).form,
          }),
          onDone: { target: 'changed', actions: 'succeed' },
          onError: { target: 'editing' },
        },
      },
      /** The form is closed; the alert asks the user to sign in again. */
      changed: {
        on: { ACKNOWLEDGE: 'done' },
      },
      done: { type: 'final' },
    },
  });
}

export type ChangePasswordMachine = ReturnType<typeof createChangePasswordMachine>;
