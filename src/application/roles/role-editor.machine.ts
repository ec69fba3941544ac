// The 新增/编辑 role dialog's flow: the form's rules (domain) and, 300 ms after the name or code last
// changed, a silent `exist` call for each, so "已存在" shows while the user types. 提交 with a wrong or taken
// field warns '请完善表格输入'; a save the gateway refuses keeps the dialog open (the HTTP client has shown
// why); a saved role emits `saved` and ends the flow.
import { assign, emit, fromPromise, not, setup } from 'xstate';
import {
  EMPTY_ROLE_FORM,
  ROLE_CODE_TAKEN,
  ROLE_NAME_TAKEN,
  validateRoleForm,
  type Role,
  type RoleForm,
  type RoleFormErrors,
} from '../../domain/role/role';
import type { Notifier } from '../ports/notifier.port';
import type { RoleGateway } from '../ports/role-gateway.port';

export const EXIST_CHECK_DELAY_MS = 300;
export const FORM_INVALID_WARNING = '请完善表格输入';

export interface RoleEditorContext {
  roleId: string | null;
  version: number;
  form: RoleForm;
  nameTaken: boolean;
  codeTaken: boolean;
  /** Field errors show once the user has typed in the field or tried to submit. */
  touched: { roleName: boolean; roleCode: boolean };
  /** 提交 was pressed while a check was due: submit once it answers, if all is well. */
  submitRequested: boolean;
}

export type RoleEditorEvent = { type: 'CHANGE'; form: RoleForm } | { type: 'SUBMIT' };

/** What the dialog shows under each field. */
export function roleEditorErrors(context: RoleEditorContext): RoleFormErrors {
  const own = validateRoleForm(context.form);
  const errors: RoleFormErrors = {};
  const name = own.roleName ?? (context.nameTaken ? ROLE_NAME_TAKEN : undefined);
  const code = own.roleCode ?? (context.codeTaken ? ROLE_CODE_TAKEN : undefined);
  if (name && context.touched.roleName) errors.roleName = name;
  if (code && context.touched.roleCode) errors.roleCode = code;
  return errors;
}

function formFaulty(context: RoleEditorContext): boolean {
  const own = validateRoleForm(context.form);
  return Boolean(own.roleName || own.roleCode || context.nameTaken || context.codeTaken);
}

export function createRoleEditorMachine(ports: { roles: RoleGateway; notifier: Notifier }) {
  return setup({
    types: {
      context: {} as RoleEditorContext,
      events: {} as RoleEditorEvent,
      input: {} as { role?: Role },
      emitted: {} as { type: 'saved'; role: Role },
    },
    actors: {
      exists: fromPromise(async ({ input }: { input: { form: RoleForm; roleId: string | null } }) => {
        const own = validateRoleForm(input.form);
        const exclude = input.roleId ? { excludeRoleId: input.roleId } : {};
        const [nameTaken, codeTaken] = await Promise.all([
          own.roleName ? false : ports.roles.roleExists({ roleName: input.form.roleName.trim(), ...exclude }),
          own.roleCode ? false : ports.roles.roleExists({ roleCode: input.form.roleCode.trim(), ...exclude }),
        ]);
        return { nameTaken, codeTaken };
      }),
      save: fromPromise(({ input }: { input: { form: RoleForm; roleId: string | null; version: number } }) =>
        input.roleId
          ? ports.roles.updateRole(input.roleId, input.form, input.version)
          : ports.roles.createRole(input.form),
      ),
    },
    guards: {
      identityChanged: ({ context, event }) =>
        event.type === 'CHANGE' &&
        (event.form.roleName.trim() !== context.form.roleName.trim() ||
          event.form.roleCode.trim() !== context.form.roleCode.trim()),
      faulty: ({ context }) => formFaulty(context),
      submitPending: ({ context }) => context.submitRequested,
    },
    actions: {
      assignForm: assign(({ context, event }) => {
        if (event.type !== 'CHANGE') return {};
        return {
          form: event.form,
          touched: {
            roleName: context.touched.roleName || event.form.roleName !== context.form.roleName,
            roleCode: context.touched.roleCode || event.form.roleCode !== context.form.roleCode,
          },
        };
      }),
      touchAll: assign({ touched: { roleName: true, roleCode: true } }),
      warn: () => ports.notifier.warning(FORM_INVALID_WARNING),
      succeed: ({ context }) => ports.notifier.success(context.roleId ? '修改成功' : '新增成功'),
    },
    delays: { existCheck: EXIST_CHECK_DELAY_MS },
  }).createMachine({
    id: 'roleEditor',
    context: ({ input }) => ({
      roleId: input.role?.roleId ?? null,
      version: input.role?.version ?? 0,
      form: input.role
        ? {
            roleName: input.role.roleName,
            roleCode: input.role.roleCode,
            status: input.role.status,
            remark: input.role.remark,
          }
        : EMPTY_ROLE_FORM,
      nameTaken: false,
      codeTaken: false,
      touched: { roleName: false, roleCode: false },
      submitRequested: false,
    }),
    initial: 'editing',
    states: {
      editing: {
        initial: 'idle',
        on: {
          CHANGE: [
            {
              guard: 'identityChanged',
              target: '.waiting',
              reenter: true,
              actions: ['assignForm', assign({ nameTaken: false, codeTaken: false })],
            },
            { actions: 'assignForm' },
          ],
        },
        states: {
          idle: {
            on: {
              SUBMIT: [{ guard: 'faulty', actions: ['touchAll', 'warn'] }, { target: '#roleEditor.submitting' }],
            },
          },
          /** A name or code was typed: wait for the user to pause. */
          waiting: {
            after: { existCheck: 'checking' },
            on: { SUBMIT: { target: 'checking', actions: ['touchAll', assign({ submitRequested: true })] } },
          },
          checking: {
            invoke: {
              src: 'exists',
              input: ({ context }) => ({ form: context.form, roleId: context.roleId }),
              onDone: { target: 'checked', actions: assign(({ event }) => event.output) },
              onError: { target: 'idle', actions: assign({ submitRequested: false }) },
            },
            on: { SUBMIT: { actions: ['touchAll', assign({ submitRequested: true })] } },
          },
          checked: {
            always: [
              { guard: not('submitPending'), target: 'idle' },
              { guard: 'faulty', target: 'idle', actions: ['warn', assign({ submitRequested: false })] },
              { target: '#roleEditor.submitting', actions: assign({ submitRequested: false }) },
            ],
          },
        },
      },
      submitting: {
        invoke: {
          src: 'save',
          input: ({ context }) => ({ form: context.form, roleId: context.roleId, version: context.version }),
          onDone: {
            target: 'saved',
            actions: ['succeed', emit(({ event }) => ({ type: 'saved' as const, role: event.output }))],
          },
          onError: 'editing',
        },
      },
      saved: { type: 'final' },
    },
  });
}

export type RoleEditorMachine = ReturnType<typeof createRoleEditorMachine>;
