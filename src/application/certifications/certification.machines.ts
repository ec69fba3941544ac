// 证书管理, 企业认证, 个人认证 flows, DOM-free. The form: a dialog that opens empty, checks each field as typed
// with the domain's rules (the gateway's are the same), and submits only a valid form; the gateway's refusal
// is shown by the notifier and the form stays. The action: revoke a certificate or review a certification —
// approve, or reject / revoke with the comment the domain requires — with the version the list shows; the
// list reloads after either outcome, so a stale row is refreshed.
import { assign, fromPromise, setup } from 'xstate';
import {
  checkComment, emptyForm, validateCertificationField, validateCertificationForm, type CertificationForm, type CertificationFormErrors, type KindSpec, type ReviewResult,
} from '../../domain/certification/certification';
import type { CertificationGateway } from '../ports/certification-gateway.port';
import type { Notifier } from '../ports/notifier.port';

export const FORM_INCOMPLETE_WARNING = '请完善表格输入';

export interface CertificationFormContext {
  form: CertificationForm;
  errors: CertificationFormErrors;
  saved: { keyId: string; certNo: string } | null;
}

export type CertificationFormEvent = { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'CHANGE'; field: string; value: string } | { type: 'SUBMIT' };

export function createCertificationFormMachine(deps: { gateway: CertificationGateway; notifier: Notifier; spec: KindSpec; onSaved: () => void }) {
  const { gateway, notifier, spec, onSaved } = deps;
  return setup({
    types: { context: {} as CertificationFormContext, events: {} as CertificationFormEvent },
    actors: { save: fromPromise(({ input }: { input: CertificationForm }) => gateway.create(spec.kind, input)) },
    guards: { valid: ({ context }) => Object.keys(validateCertificationForm(spec, context.form)).length === 0 },
    actions: {
      reset: assign({ form: () => emptyForm(spec), errors: {}, saved: null }),
      change: assign(({ context, event }) => {
        if (event.type !== 'CHANGE') return {};
        const form = { ...context.form, [event.field]: event.value };
        // The changed field, fields already in error, and the id number when the holder type (its pattern) changes.
        const recheck = (field: string) => field === event.field || !!context.errors[field] || (field === spec.idField && event.field === 'holderType' && !!form[field]);
        const errors: CertificationFormErrors = {};
        for (const rule of spec.fields) {
          const message = recheck(rule.field) ? validateCertificationField(rule, form) : null;
          if (message) errors[rule.field] = message;
        }
        return { form, errors };
      }),
    },
  }).createMachine({
    id: 'certificationForm',
    context: { form: emptyForm(spec), errors: {}, saved: null },
    initial: 'closed',
    states: {
      closed: { on: { OPEN: { target: 'editing', actions: 'reset' } } },
      editing: {
        on: {
          CLOSE: 'closed',
          CHANGE: { actions: 'change' },
          SUBMIT: [
            { guard: 'valid', target: 'submitting' },
            { actions: [assign({ errors: ({ context }) => validateCertificationForm(spec, context.form) }), () => notifier.warning(FORM_INCOMPLETE_WARNING)] },
          ],
        },
      },
      submitting: {
        invoke: {
          src: 'save',
          input: ({ context }) => context.form,
          onDone: {
            target: 'closed',
            actions: [assign({ saved: ({ event }) => event.output }), () => notifier.success(spec.kind === 'CERTIFICATE' ? '申请成功' : '提交成功'), () => onSaved()],
          },
          onError: 'editing',
        },
      },
    },
  });
}

/** What the action does to one record: revoke a certificate, or review a certification. */
export type CertificationAction = 'REVOKE' | ReviewResult;

export interface ActionTarget {
  keyId: string;
  name: string;
  version: number;
  action: CertificationAction;
}

export type CertificationActionEvent =
  | { type: 'REQUEST'; target: ActionTarget }
  | { type: 'COMMENT'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export const ACTION_LABEL: Readonly<Record<CertificationAction, string>> = { REVOKE: '吊销', APPROVED: '通过', REJECTED: '驳回' };

export function createCertificationActionMachine(deps: { gateway: CertificationGateway; notifier: Notifier; spec: KindSpec; onChanged: () => void }) {
  const { gateway, notifier, spec, onChanged } = deps;
  const required = (a: CertificationAction | undefined) => (a === 'REVOKE' ? 'revoke' : a === 'REJECTED' ? 'reject' : null);
  return setup({
    types: { context: {} as { target: ActionTarget | null; comment: string; error: string | null }, events: {} as CertificationActionEvent },
    actors: {
      save: fromPromise(async ({ input }: { input: { target: ActionTarget; comment: string } }) => {
        const { target, comment } = input;
        if (target.action === 'REVOKE') await gateway.revoke(target.keyId, comment, target.version);
        else await gateway.review(spec.kind as 'ENTERPRISE' | 'PERSONAL', target.keyId, target.action, comment, target.version);
      }),
    },
    guards: { commentOk: ({ context }) => checkComment(context.comment, required(context.target?.action)) === null },
  }).createMachine({
    id: 'certificationAction',
    context: { target: null, comment: '', error: null },
    initial: 'idle',
    states: {
      idle: { on: { REQUEST: { target: 'confirming', actions: assign({ target: ({ event }) => event.target, comment: '', error: null }) } } },
      confirming: {
        on: {
          COMMENT: { actions: assign({ comment: ({ event }) => event.value, error: null }) },
          CONFIRM: [
            { guard: 'commentOk', target: 'saving' },
            { actions: assign({ error: ({ context }) => checkComment(context.comment, required(context.target?.action)) }) },
          ],
          CANCEL: { target: 'idle', actions: assign({ target: null }) },
        },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }) => ({ target: context.target!, comment: context.comment }),
          onDone: {
            target: 'idle',
            actions: [({ context }) => notifier.success(`已${ACTION_LABEL[context.target!.action]}`), assign({ target: null }), () => onChanged()],
          },
          onError: { target: 'idle', actions: [assign({ target: null }), () => onChanged()] },
        },
      },
    },
  });
}
