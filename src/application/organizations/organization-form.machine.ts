// 新增 / 编辑 of an organisation (供应商 on /addSupplier, 项目公司 on /addProjectCompany, any kind in 组织管理's
// dialog). The parent choices are the enabled organisations of the kinds the domain allows above this one;
// an edited record is read afresh, so the version sent back is the one the form shows. Each change is judged
// by the domain rules at once; submitting an invalid form warns '请完善表格输入' and shows every message; a
// refusal from the gateway (a credit code already taken, a stale version) keeps the form as typed — the HTTP
// client has shown why.
import { assign, fromPromise, setup } from 'xstate';
import {
  ALLOWED_PARENT_TYPES,
  EMPTY_ORGANIZATION_FORM,
  formOf,
  validateOrganizationField,
  validateOrganizationForm,
  type OrgRef,
  type OrgType,
  type Organization,
  type OrganizationForm,
  type OrganizationFormErrors,
  type OrganizationFormField,
} from '../../domain/organization/organization';
import type { Notifier } from '../ports/notifier.port';
import type { OrganizationGateway, OrgResource } from '../ports/organization-gateway.port';

export const FORM_INCOMPLETE_WARNING = '请完善表格输入';

export interface OrganizationFormInput {
  resource: OrgResource;
  type: OrgType;
  /** Edit this record, read afresh (suppliers and project companies). */
  keyId?: string;
  /** Edit this record as given (the tree already holds it). */
  record?: Organization;
  /** Create under this parent. */
  parentId?: string;
}

export interface OrganizationFormContext {
  resource: OrgResource;
  type: OrgType;
  mode: 'create' | 'edit';
  keyId: string | null;
  version: number;
  gysId: string;
  form: OrganizationForm;
  errors: OrganizationFormErrors;
  /** With their own parent, so a picker can show them as the tree they sit in. */
  parents: Array<OrgRef & { parentId: string }>;
  saved: { keyId: string; gysId: string } | null;
  /** The person changed something since the form was filled: leaving asks first (SPEC §2.5). */
  dirty: boolean;
}

export type OrganizationFormEvent =
  | { type: 'CHANGE'; field: Exclude<OrganizationFormField, 'appIds'>; value: string }
  | { type: 'CHANGE_APPS'; appIds: string[] }
  | { type: 'SUBMIT' };

export function createOrganizationFormMachine(deps: { gateway: OrganizationGateway; notifier: Notifier }) {
  const { gateway, notifier } = deps;
  return setup({
    types: {
      context: {} as OrganizationFormContext,
      events: {} as OrganizationFormEvent,
      input: {} as OrganizationFormInput,
    },
    actors: {
      load: fromPromise(
        async ({
          input,
        }: {
          input: { resource: OrgResource; type: OrgType; keyId: string | null; needRecord: boolean };
        }) => {
          const parentTypes = ALLOWED_PARENT_TYPES[input.type];
          const [record, ...lists] = await Promise.all([
            input.needRecord && input.keyId && input.resource !== 'org'
              ? gateway.get(input.resource, input.keyId)
              : Promise.resolve(null),
            ...parentTypes.map((t) => gateway.byType(t)),
          ]);
          const parents = lists
            .flat()
            .map(({ keyId, enterpriseName, orgType, parentId }) => ({ keyId, enterpriseName, orgType, parentId }));
          return { record, parents };
        },
      ),
      save: fromPromise(async ({ input }: { input: OrganizationFormContext }) => {
        if (input.mode === 'create') return gateway.create(input.resource, input.form, input.type);
        await gateway.update(input.resource, input.keyId!, input.form, input.version);
        return { keyId: input.keyId!, gysId: input.gysId };
      }),
    },
    guards: {
      valid: ({ context }) => Object.keys(validateOrganizationForm(context.form, context.type)).length === 0,
    },
    actions: {
      change: assign(({ context, event }) => {
        if (event.type !== 'CHANGE' && event.type !== 'CHANGE_APPS') return {};
        const field: OrganizationFormField = event.type === 'CHANGE' ? event.field : 'appIds';
        const form =
          event.type === 'CHANGE'
            ? { ...context.form, [event.field]: event.value }
            : { ...context.form, appIds: [...event.appIds] };
        const message = validateOrganizationField(field, form, context.type);
        const errors = { ...context.errors };
        if (message) errors[field] = message;
        else delete errors[field];
        return { form, errors, dirty: true };
      }),
      showAll: assign(({ context }) => ({ errors: validateOrganizationForm(context.form, context.type) })),
      warnIncomplete: () => notifier.warning(FORM_INCOMPLETE_WARNING),
    },
  }).createMachine({
    id: 'organizationForm',
    context: ({ input }) => {
      const record = input.record;
      const form = record ? formOf(record) : { ...EMPTY_ORGANIZATION_FORM, parentId: input.parentId ?? '' };
      return {
        resource: input.resource,
        type: record?.orgType ?? input.type,
        mode: record || input.keyId ? 'edit' : 'create',
        keyId: record?.keyId ?? input.keyId ?? null,
        version: record?.version ?? 0,
        gysId: record?.gysId ?? '',
        form,
        errors: {},
        parents: [],
        saved: null,
        dirty: false,
      };
    },
    initial: 'loading',
    states: {
      loading: {
        // Typing may start while the parent choices load; an edited record read afresh replaces the form.
        on: { CHANGE: { actions: 'change' }, CHANGE_APPS: { actions: 'change' } },
        invoke: {
          src: 'load',
          input: ({ context }) => ({
            resource: context.resource,
            type: context.type,
            keyId: context.keyId,
            needRecord: context.mode === 'edit' && context.version === 0,
          }),
          onDone: {
            target: 'editing',
            actions: assign(({ context, event }) => {
              const { record, parents } = event.output;
              // Never offer the record itself as its own parent.
              const choices = parents.filter((p) => p.keyId !== context.keyId);
              return record
                ? {
                    parents: choices,
                    form: formOf(record),
                    version: record.version,
                    gysId: record.gysId,
                    type: record.orgType,
                    dirty: false,
                  }
                : { parents: choices };
            }),
          },
          onError: 'failed',
        },
      },
      failed: {},
      editing: {
        on: {
          CHANGE: { actions: 'change' },
          CHANGE_APPS: { actions: 'change' },
          SUBMIT: [{ guard: 'valid', target: 'submitting' }, { actions: ['showAll', 'warnIncomplete'] }],
        },
      },
      submitting: {
        invoke: {
          src: 'save',
          input: ({ context }) => context,
          onDone: {
            target: 'saved',
            actions: [assign({ saved: ({ event }) => event.output, dirty: false }), () => notifier.success('保存成功')],
          },
          onError: 'editing',
        },
      },
      saved: { type: 'final' },
    },
  });
}

export type OrganizationFormMachine = ReturnType<typeof createOrganizationFormMachine>;
