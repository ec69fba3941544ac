// 申请预授信 (/business/applyForRufs): the supplier (a supplier user's own, chosen for staff), the project company,
// the amount in 元, the validity and the basis orders picked from the supplier's eligible ones. 保存 writes the
// draft (new, or the `?id=` one under its version); 提交 saves and then asks the business's transition, where
// the lifecycle table and the SUBMIT_PRE_CREDIT rule decide. Done, the page returns to its list. A failed
// 提交 after a successful save keeps the saved draft, so trying again edits it rather than creating another.
import { assign, fromPromise, setup } from 'xstate';
import {
  type PreCreditFormValue,
  type PreCreditTexts,
  readPreCreditForm,
  visibleSelection,
  yuanText,
} from '../../domain/financing/pre-credit-form';
import { PRE_CREDIT_VALID_DAYS } from '../../domain/financing/pre-credit-rules';
import type { Notifier } from '../ports/notifier.port';
import type { EligibleOrder, OrderChoice, PreCreditDraft, PreCreditGateway } from '../ports/pre-credit-gateway.port';
import type { RefOption } from '../ports/resource-gateway.port';

export interface ApplyPreCreditContext {
  keyId: string;
  version: number;
  preCreditNo: string;
  texts: PreCreditTexts;
  errors: Partial<Record<keyof PreCreditTexts, string>>;
  selected: string[];
  suppliers: RefOption[];
  companies: RefOption[];
  orders: EligibleOrder[];
  ratio: string;
  consent: boolean | null;
  locked: boolean;
}

export type ApplyPreCreditEvent =
  | { type: 'CHANGE'; key: keyof PreCreditTexts; text: string }
  | { type: 'TOGGLE'; keyId: string }
  | { type: 'SAVE' }
  | { type: 'SUBMIT' };

export const ApplyPreCreditMessage = {
  formInvalid: '请检查标红的项目',
  saved: '预授信已保存',
  submitted: '预授信已提交审核',
} as const;

interface Opened {
  suppliers: RefOption[];
  companies: RefOption[];
  draft: PreCreditDraft | null;
  supplierId: string;
  choice: OrderChoice | null;
}

/** The choice's orders, with the draft's own basis orders kept even when no longer offered. */
const mergeOrders = (choice: OrderChoice | null, kept: readonly EligibleOrder[]) => {
  const offered = choice?.records ?? [];
  return [...kept.filter((k) => !offered.some((o) => o.keyId === k.keyId)), ...offered];
};

export function createApplyPreCreditMachine({ gateway, notifier }: { gateway: PreCreditGateway; notifier: Notifier }) {
  const check = (c: ApplyPreCreditContext) => readPreCreditForm(c.texts, c.selected);
  const save = async (input: { keyId: string; version: number; form: PreCreditFormValue }) =>
    input.keyId ? gateway.update(input.keyId, input.form, input.version) : gateway.create(input.form);
  return setup({
    types: {
      context: {} as ApplyPreCreditContext,
      events: {} as ApplyPreCreditEvent,
      input: {} as { keyId?: string },
    },
    actors: {
      open: fromPromise(async ({ input }: { input: { keyId: string } }): Promise<Opened> => {
        const [suppliers, companies] = await Promise.all([
          gateway.options('supplierId'),
          gateway.options('projectCompanyId'),
        ]);
        const draft = input.keyId ? await gateway.get(input.keyId) : null;
        const supplierId = draft?.supplierId ?? (suppliers.length === 1 ? suppliers[0]!.keyId : '');
        const choice = supplierId ? await gateway.orders(supplierId, draft?.projectCompanyId ?? null) : null;
        return { suppliers, companies, draft, supplierId, choice };
      }),
      orders: fromPromise(({ input }: { input: { supplierId: string; projectCompanyId: string } }) =>
        input.supplierId
          ? gateway.orders(input.supplierId, input.projectCompanyId || null)
          : Promise.resolve<OrderChoice>({ records: [], ratio: '0.8000', consent: false, locked: false }),
      ),
      save: fromPromise(({ input }: { input: { keyId: string; version: number; form: PreCreditFormValue } }) =>
        save(input),
      ),
      send: fromPromise(({ input }: { input: { keyId: string; version: number } }) =>
        gateway.submit(input.keyId, input.version),
      ),
    },
    guards: {
      formValid: ({ context }) => check(context).form !== null,
      supplierOrCompany: ({ event }) =>
        event.type === 'CHANGE' && (event.key === 'supplierId' || event.key === 'projectCompanyId'),
    },
    actions: {
      showErrors: assign({ errors: ({ context }) => check(context).errors }),
      warnIncomplete: () => notifier.warning(ApplyPreCreditMessage.formInvalid),
      change: assign(({ context, event }) => {
        if (event.type !== 'CHANGE') return {};
        const texts = { ...context.texts, [event.key]: event.text };
        const all = readPreCreditForm(texts, context.selected).errors;
        const judged = (k: keyof PreCreditTexts) => k === event.key || context.errors[k] !== undefined;
        const errors = Object.fromEntries(
          (Object.keys(all) as (keyof PreCreditTexts)[]).filter(judged).map((k) => [k, all[k]]),
        );
        // Another supplier's orders are no basis: the choice starts again.
        return { texts, errors, ...(event.key === 'supplierId' ? { selected: [] } : {}) };
      }),
      keepSaved: assign(({ event }) => {
        const d = (event as unknown as { output: PreCreditDraft }).output;
        return { keyId: d.keyId, version: d.version, preCreditNo: d.preCreditNo };
      }),
    },
  }).createMachine({
    id: 'applyPreCredit',
    context: ({ input }) => ({
      keyId: input.keyId ?? '',
      version: 0,
      preCreditNo: '',
      texts: { supplierId: '', projectCompanyId: '', amount: '', validDays: String(PRE_CREDIT_VALID_DAYS) },
      errors: {},
      selected: [],
      suppliers: [],
      companies: [],
      orders: [],
      ratio: '0.8000',
      consent: null,
      locked: false,
    }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'open',
          input: ({ context }) => ({ keyId: context.keyId }),
          onDone: {
            target: 'editing',
            actions: assign(({ context, event }) => {
              const { suppliers, companies, draft, supplierId, choice } = event.output;
              return {
                suppliers,
                companies,
                orders: mergeOrders(choice, draft?.basisOrders ?? []),
                ratio: choice?.ratio ?? context.ratio,
                consent: choice ? choice.consent : null,
                locked: choice?.locked ?? false,
                ...(draft
                  ? {
                      version: draft.version,
                      preCreditNo: draft.preCreditNo,
                      selected: [...draft.basisOrderIds],
                      texts: {
                        supplierId: draft.supplierId,
                        projectCompanyId: draft.projectCompanyId ?? '',
                        amount: yuanText(draft.applyAmount),
                        validDays: String(draft.validDays),
                      },
                    }
                  : { texts: { ...context.texts, supplierId } }),
              };
            }),
          },
          onError: 'failed',
        },
      },
      editing: {
        on: {
          CHANGE: [{ guard: 'supplierOrCompany', target: 'choosing', actions: 'change' }, { actions: 'change' }],
          TOGGLE: {
            actions: assign({
              selected: ({ context, event }) =>
                context.selected.includes(event.keyId)
                  ? context.selected.filter((id) => id !== event.keyId)
                  : [...context.selected, event.keyId],
            }),
          },
          SAVE: [{ guard: 'formValid', target: 'saving' }, { actions: ['showErrors', 'warnIncomplete'] }],
          SUBMIT: [{ guard: 'formValid', target: 'submitting' }, { actions: ['showErrors', 'warnIncomplete'] }],
        },
      },
      choosing: {
        invoke: {
          src: 'orders',
          input: ({ context }) => ({
            supplierId: context.texts.supplierId,
            projectCompanyId: context.texts.projectCompanyId,
          }),
          onDone: {
            target: 'editing',
            actions: assign(({ context, event }) => {
              // An order the new filter hides is no longer chosen: what is submitted is what is seen ticked.
              return {
                orders: mergeOrders(event.output, []),
                selected: visibleSelection(context.selected, event.output.records),
                ratio: event.output.ratio,
                consent: context.texts.supplierId ? event.output.consent : null,
                locked: event.output.locked,
              };
            }),
          },
          onError: 'editing',
        },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }) => ({
            keyId: context.keyId,
            version: context.version,
            form: check(context).form as PreCreditFormValue,
          }),
          onDone: { target: 'done', actions: ['keepSaved', () => notifier.success(ApplyPreCreditMessage.saved)] },
          // The HTTP client has said why; what was typed stays.
          onError: 'editing',
        },
      },
      submitting: {
        initial: 'saving',
        states: {
          saving: {
            invoke: {
              src: 'save',
              input: ({ context }) => ({
                keyId: context.keyId,
                version: context.version,
                form: check(context).form as PreCreditFormValue,
              }),
              onDone: { target: 'sending', actions: 'keepSaved' },
              onError: '#applyPreCredit.editing',
            },
          },
          sending: {
            invoke: {
              src: 'send',
              input: ({ context }) => ({ keyId: context.keyId, version: context.version }),
              onDone: {
                target: '#applyPreCredit.done',
                actions: () => notifier.success(ApplyPreCreditMessage.submitted),
              },
              onError: '#applyPreCredit.editing',
            },
          },
        },
      },
      done: { type: 'final' },
      failed: {},
    },
  });
}
