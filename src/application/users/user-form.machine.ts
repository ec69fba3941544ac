// 新增 / 编辑 用户: the dialog's flow. Each change is judged by the domain rules at once; user name, mobile
// and OA account are also checked against the gateway 300 ms after the last keystroke (SPEC §9 remote
// debounce), a newer keystroke cancelling the pending check. Submitting an invalid form warns
// '请完善表格输入' and shows every message; a valid one creates the account then its personnel record (or
// updates both), and a created account's one-time password is kept for the dialog to show.
import { assign, fromPromise, setup } from 'xstate';
import { REMOTE_SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import type { CompanyName, UserChanges, UserRecord } from '../../domain/user/user';
import { formOf } from '../../domain/user/user';
import {
  EMPTY_USER_FORM,
  UserFormMessage,
  validateUserField,
  validateUserForm,
  type UserForm,
  type UserFormErrors,
  type UserFormField,
} from '../../domain/user/user-form';
import type { Clock } from '../ports/clock.port';
import type { Notifier } from '../ports/notifier.port';
import type { UserGateway } from '../ports/user-gateway.port';

export const FORM_INCOMPLETE_WARNING = '请完善表格输入';

type Checked = 'userName' | 'mobile' | 'oaAccount';

export interface UserFormContext {
  mode: 'create' | 'edit';
  userId: string | null;
  original: UserForm;
  form: UserForm;
  errors: UserFormErrors;
  /** What the gateway said is already in use. */
  taken: Record<Checked, boolean>;
  /** The created account's initial password, shown once. */
  password: string | null;
  /** The choices for 所属组织. */
  organizations: Array<CompanyName & { parentId?: string }>;
  /** Something was typed since the dialog opened: closing asks first. */
  dirty: boolean;
}

export type UserFormEvent = { type: 'CHANGE'; field: UserFormField; value: string } | { type: 'SUBMIT' };

export interface UserFormInput {
  user?: UserRecord;
}

const TAKEN_MESSAGE: Record<Checked, string> = {
  userName: UserFormMessage.userNameTaken,
  mobile: UserFormMessage.mobileTaken,
  oaAccount: UserFormMessage.oaTaken,
};

/** The message a field shows: its own rule first, then the gateway's answer. */
export function fieldMessage(context: UserFormContext, field: UserFormField): string | undefined {
  const own = context.errors[field];
  if (own) return own;
  if ((field === 'userName' || field === 'mobile' || field === 'oaAccount') && context.taken[field])
    return TAKEN_MESSAGE[field];
  return undefined;
}

function changesOf(original: UserForm, form: UserForm): UserChanges {
  const changes: UserChanges = {};
  for (const key of ['nickName', 'organizationId', 'mobile', 'oaAccount'] as const) {
    if (form[key].trim() !== original[key].trim()) changes[key] = form[key].trim();
  }
  return changes;
}

export function createUserFormMachine(deps: { gateway: UserGateway; notifier: Notifier; clock: Clock }) {
  const { gateway, notifier } = deps;
  const check = (field: Checked) => ({
    initial: 'idle' as const,
    on: {
      CHANGE: {
        guard: { type: 'changes' as const, params: { field } },
        target: '.waiting',
        reenter: true,
        actions: { type: 'clearTaken' as const, params: { field } },
      },
    },
    states: {
      idle: {},
      waiting: {
        after: {
          [REMOTE_SEARCH_DEBOUNCE_MS]: [
            { guard: { type: 'worthChecking' as const, params: { field } }, target: 'checking' },
            { target: 'idle' },
          ],
        },
      },
      checking: {
        invoke: {
          src: 'check' as const,
          input: ({ context }: { context: UserFormContext }) => ({
            field,
            value: context.form[field].trim(),
            excludeId: context.userId,
          }),
          onDone: { target: 'idle', actions: { type: 'setTaken' as const, params: { field } } },
          // A failed check proves nothing either way: the gateway judges again on submit.
          onError: 'idle',
        },
      },
    },
  });

  return setup({
    types: { context: {} as UserFormContext, events: {} as UserFormEvent, input: {} as UserFormInput },
    actors: {
      organizations: fromPromise(() => gateway.listOrganizations()),
      check: fromPromise(async ({ input }: { input: { field: Checked; value: string; excludeId: string | null } }) => {
        const exclude = input.excludeId ?? undefined;
        if (input.field === 'userName') return gateway.userNameExists(input.value, exclude);
        if (input.field === 'mobile') return (await gateway.userByPhone(input.value, exclude)) !== null;
        return gateway.oaAccountExists(input.value, exclude);
      }),
      save: fromPromise(
        async ({ input }: { input: Pick<UserFormContext, 'mode' | 'userId' | 'original' | 'form'> }) => {
          const f = input.form;
          const personnel = {
            name: f.nickName.trim(),
            mobile: f.mobile.trim(),
            ...(f.email.trim() ? { email: f.email.trim() } : {}),
            ...(f.idNumber.trim() ? { idNumber: f.idNumber.trim() } : {}),
          };
          if (input.mode === 'create') {
            const created = await gateway.createUser({
              userName: f.userName.trim(),
              nickName: f.nickName.trim(),
              organizationId: f.organizationId,
              mobile: f.mobile.trim(),
              ...(f.oaAccount.trim() ? { oaAccount: f.oaAccount.trim() } : {}),
            });
            await gateway.createPersonnel(created.userId, personnel);
            return created.password;
          }
          const changes = changesOf(input.original, f);
          if (Object.keys(changes).length) await gateway.updateUser(input.userId!, changes);
          await gateway.updatePersonnel(input.userId!, personnel);
          return null;
        },
      ),
    },
    guards: {
      changes: ({ event }, params: { field: Checked }) => event.type === 'CHANGE' && event.field === params.field,
      worthChecking: ({ context }, params: { field: Checked }) => {
        const value = context.form[params.field].trim();
        if (value === '' || validateUserField(params.field, context.form, deps.clock.now()) !== null) return false;
        // An unchanged value of the user being edited is theirs, not taken.
        return context.mode === 'create' || value !== context.original[params.field].trim();
      },
      valid: ({ context }) =>
        Object.keys(validateUserForm(context.form, deps.clock.now())).length === 0 &&
        !Object.values(context.taken).some(Boolean),
    },
    actions: {
      setTaken: assign(({ context, event }, params: { field: Checked }) => ({
        taken: { ...context.taken, [params.field]: (event as unknown as { output: boolean }).output === true },
      })),
      clearTaken: assign(({ context }, params: { field: Checked }) => ({
        taken: { ...context.taken, [params.field]: false },
      })),
      change: assign(({ context, event }) => {
        if (event.type !== 'CHANGE') return {};
        if (context.mode === 'edit' && event.field === 'userName') return {};
        const form = { ...context.form, [event.field]: event.value };
        const message = validateUserField(event.field, form, deps.clock.now());
        const errors = { ...context.errors };
        if (message) errors[event.field] = message;
        else delete errors[event.field];
        return { form, errors, dirty: true };
      }),
      showAll: assign(({ context }) => ({ errors: validateUserForm(context.form, deps.clock.now()) })),
      warnIncomplete: () => notifier.warning(FORM_INCOMPLETE_WARNING),
      keepPassword: assign(({ event }) => ({ password: (event as unknown as { output: string | null }).output })),
    },
  }).createMachine({
    id: 'userForm',
    context: ({ input }) => {
      const original = input.user ? formOf(input.user) : EMPTY_USER_FORM;
      return {
        mode: input.user ? 'edit' : 'create',
        userId: input.user?.userId ?? null,
        original,
        form: original,
        errors: {},
        taken: { userName: false, mobile: false, oaAccount: false },
        password: null,
        organizations: [],
        dirty: false,
      };
    },
    type: 'parallel',
    states: {
      main: {
        initial: 'editing',
        states: {
          editing: {
            on: {
              CHANGE: { actions: 'change' },
              SUBMIT: [{ guard: 'valid', target: 'submitting' }, { actions: ['showAll', 'warnIncomplete'] }],
            },
          },
          submitting: {
            invoke: {
              src: 'save',
              input: ({ context }) => ({
                mode: context.mode,
                userId: context.userId,
                original: context.original,
                form: context.form,
              }),
              onDone: { target: 'saved', actions: 'keepPassword' },
              // The HTTP client has shown the gateway's message.
              onError: 'editing',
            },
          },
          saved: { type: 'final' },
        },
      },
      organizations: {
        initial: 'loading',
        states: {
          loading: {
            invoke: {
              src: 'organizations',
              onDone: { target: 'ready', actions: assign({ organizations: ({ event }) => event.output }) },
              onError: 'ready',
            },
          },
          ready: {},
        },
      },
      userNameCheck: check('userName'),
      mobileCheck: check('mobile'),
      oaCheck: check('oaAccount'),
    },
  });
}

export type UserFormMachine = ReturnType<typeof createUserFormMachine>;
