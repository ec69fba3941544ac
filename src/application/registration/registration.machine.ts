// /register: the form is judged field by field as the person types, with the domain's words (SPEC §5's
// password messages among them); 提交 with a message standing warns '请完善表格输入' and sends nothing; a
// sent application ends on the page that says it is being reviewed. A refused call keeps what was typed
// (the HTTP client has already shown the gateway's words, e.g. a name already taken).
import { assign, fromPromise, setup } from 'xstate';
import { PasswordChangeMessage } from '../../domain/password/password-change-form';
import {
  EMPTY_REGISTRATION,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationForm,
  validateRegistration,
  validateRegistrationField,
} from '../../domain/registration/registration';
import type { Notifier } from '../ports/notifier.port';
import type { RegistrationGateway } from '../ports/registration-gateway.port';

export interface RegistrationContext {
  form: RegistrationForm;
  errors: RegistrationErrors;
}

export type RegistrationEvent =
  | { type: 'CHANGE'; field: Exclude<RegistrationField, 'agreed'>; value: string }
  | { type: 'AGREE'; agreed: boolean }
  | { type: 'SUBMIT' };

export function createRegistrationMachine(deps: { gateway: RegistrationGateway; notifier: Notifier }) {
  return setup({
    types: { context: {} as RegistrationContext, events: {} as RegistrationEvent },
    actors: { register: fromPromise(({ input }: { input: RegistrationForm }) => deps.gateway.register(input)) },
    guards: { valid: ({ context }) => Object.keys(validateRegistration(context.form)).length === 0 },
    actions: {
      showAll: assign({ errors: ({ context }) => validateRegistration(context.form) }),
      warn: () => deps.notifier.warning(PasswordChangeMessage.formInvalid),
    },
  }).createMachine({
    id: 'registration',
    context: { form: EMPTY_REGISTRATION, errors: {} },
    initial: 'editing',
    states: {
      editing: {
        on: {
          CHANGE: {
            actions: assign(({ context, event }) => {
              const form = { ...context.form, [event.field]: event.value };
              const errors: RegistrationErrors = {
                ...context.errors,
                [event.field]: validateRegistrationField(event.field, form) ?? undefined,
              };
              // The confirmation follows the password once it has been typed.
              if (event.field === 'password' && form.rePassword)
                errors.rePassword = validateRegistrationField('rePassword', form) ?? undefined;
              return { form, errors };
            }),
          },
          AGREE: {
            actions: assign(({ context, event }) => {
              const form = { ...context.form, agreed: event.agreed };
              return {
                form,
                errors: { ...context.errors, agreed: validateRegistrationField('agreed', form) ?? undefined },
              };
            }),
          },
          SUBMIT: [{ guard: 'valid', target: 'submitting' }, { actions: ['showAll', 'warn'] }],
        },
      },
      submitting: {
        invoke: { src: 'register', input: ({ context }) => context.form, onDone: 'submitted', onError: 'editing' },
      },
      submitted: { type: 'final' },
    },
  });
}
