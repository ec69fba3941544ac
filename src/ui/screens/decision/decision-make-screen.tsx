// 决议制作 (/business/decisionMake, BUSINESS.md §4 "M"; Decisions: Decision) on the kit's make page: the decision
// drafted when the chair approved the minutes, prefilled from the report's proposal and the meeting's
// conditions. Each limit (effective cap, the product's rate and term range, financing ratio, approved ≤ applied)
// stands beside its field, checked as the maker types with the domain's own function (decisionLimits, as the
// report's 方案建议 is); rates and ratios are typed as percentages (5 means 5 %), and the repayment methods offered
// are the product's. 提交 saves, then the table's SUBMIT_DECISION rule decides and its findings stand above.
import { Text } from '@fluentui/react-components';
import { useMemo } from 'react';
import type { MakeRead, MakeSpec } from '../../../application/stage/make-page.machine';
import { decisionLimits } from '../../../domain/financing/decision';
import { DECISION_STAGE, type DecisionTerms } from '../../../domain/financing/financing-decision';
import type { FinancingTerms } from '../../../domain/financing/financing-terms';
import { termsBoundsOf } from '../../../domain/financing/report-stage';
import type { RepaymentMethod } from '../../../domain/financing/repayment-schedule';
import { formatFen } from '../../../domain/format/money-format';
import { REPAYMENT_METHOD_LABEL } from '../../../domain/funds/fund-product.resource';
import type { FieldDef } from '../../../domain/resource/resource';
import { typedTextOf, typedWireValueOf } from '../../../domain/resource/resource-form';
import { MakePageShell, useMakePage, useMakeStyles } from '../stage/make-page-shell';
import { MakeSummary, StageField, recordScreen } from '../stage/stage-parts';
import { useStage } from '../stage/use-stage';
import type { DecisionDetail } from './decision-view';

type Values = Record<string, string>;

/** The terms' fields, in the form's order, with the limit each stands beside (the detail's `limits`). */
const FIELDS: (FieldDef & { limit: string })[] = [
  { key: 'approvedAmount', label: '批复金额', type: 'money', limit: 'amountFen' },
  { key: 'annualRate', label: '年利率', type: 'rate', limit: 'annualRate' },
  { key: 'termDays', label: '期限（天）', type: 'int', limit: 'termDays' },
  { key: 'financingRatio', label: '融资比例', type: 'rate', limit: 'financingRatio' },
];
const METHOD: FieldDef = { key: 'repaymentMethod', label: '还款方式', type: 'enum', options: REPAYMENT_METHOD_LABEL };
const GUARANTEE: FieldDef = {
  key: 'guaranteeMeasures',
  label: '担保措施',
  type: 'textarea',
  required: false,
  max: 1000,
};
const CONDITIONS: FieldDef = { key: 'conditions', label: '放款条件（每行一项）', type: 'textarea', required: false };

function valuesOf(d: DecisionDetail | null): Values {
  const out: Values = {};
  for (const f of FIELDS)
    out[f.key] = typedTextOf(f, d ? (d[f.key as keyof DecisionDetail] as number | string | null) : null);
  out.repaymentMethod = d?.repaymentMethod ?? '';
  out.guaranteeMeasures = d?.guaranteeMeasures ?? '';
  out.conditions = (d?.conditions ?? []).join('\n');
  return out;
}

function read(values: Values): MakeRead<DecisionTerms> {
  const errors: Record<string, string> = {};
  const wire: Record<string, string | number | null> = {};
  for (const f of FIELDS) {
    const v = typedWireValueOf(f, values[f.key] ?? '');
    if ('error' in v) errors[f.key] = v.error;
    else wire[f.key] = v.value === '' ? null : v.value;
  }
  if (Object.keys(errors).length) return { errors };
  return {
    body: {
      approvedAmount: wire.approvedAmount as number | null,
      annualRate: wire.annualRate as string | null,
      termDays: wire.termDays as number | null,
      financingRatio: wire.financingRatio as string | null,
      repaymentMethod: values.repaymentMethod || null,
      guaranteeMeasures: values.guaranteeMeasures ?? '',
      conditions: (values.conditions ?? '')
        .split(/\r?\n/)
        .map((c) => c.trim())
        .filter(Boolean),
    },
  };
}

/** The terms as typed so far, as the limits read them (a field not yet a value is not judged). */
function typedTerms(values: Values): FinancingTerms {
  const wire = (f: FieldDef) => {
    const v = typedWireValueOf(f, values[f.key] ?? '');
    return 'error' in v || v.value === '' ? null : v.value;
  };
  const [amount, rate, term, ratio] = FIELDS.map(wire);
  const method = values.repaymentMethod;
  return {
    amountFen: typeof amount === 'number' ? BigInt(amount) : null,
    annualRate: typeof rate === 'string' ? rate : null,
    termDays: typeof term === 'number' ? term : null,
    financingRatio: typeof ratio === 'string' ? ratio : null,
    repaymentMethod: method && method in REPAYMENT_METHOD_LABEL ? (method as RepaymentMethod) : null,
  };
}

export const DecisionMakeScreen = recordScreen(DecisionMake);

function DecisionMake({ id }: { id: string }) {
  const styles = useMakeStyles();
  const client = useStage(DECISION_STAGE);
  const spec = useMemo<MakeSpec<DecisionDetail, Values, DecisionTerms>>(
    () => ({
      stage: 'DECISION',
      open: async (keyId) => ({ record: keyId ? await client.detail<DecisionDetail>(keyId) : null, extra: undefined }),
      valuesOf: (record) => valuesOf(record),
      read: (values) => read(values),
      save: (record, body) =>
        client.save<DecisionDetail>((record as DecisionDetail).keyId, body, (record as DecisionDetail).version),
      problemsOf: (record) => record?.problems ?? [],
    }),
    [client],
  );
  const page = useMakePage(DECISION_STAGE, spec, id);
  const record = page.context.record;
  const values = page.context.values as Values;
  const errors = page.context.errors;
  // Checked as typed against the limits the detail sent; the saved check stands until they arrive.
  const bounds = record?.bounds ? termsBoundsOf(record.bounds) : null;
  const limits = bounds ? decisionLimits(typedTerms(values), bounds) : (record?.limits ?? []);
  const limitOf = new Map(limits.map((l) => [l.field as string, l]));
  const methods = bounds?.product.repaymentMethods;
  const method: FieldDef = methods?.length
    ? { ...METHOD, options: Object.fromEntries(methods.map((m) => [m, REPAYMENT_METHOD_LABEL[m]])) }
    : METHOD;
  const field = (f: FieldDef, limit?: string, rows?: number, note?: string) => (
    <StageField
      key={f.key}
      field={f}
      value={values[f.key] ?? ''}
      error={errors[f.key]}
      limit={
        limit && limitOf.has(limit)
          ? { limit: limitOf.get(limit)?.limit ?? '', message: limitOf.get(limit)?.message ?? null }
          : undefined
      }
      disabled={!page.editable}
      {...(rows ? { rows } : {})}
      note={note}
      onChange={(v) => page.edit({ [f.key]: v })}
    />
  );

  const summary = record && (
    <MakeSummary>
      <Text weight="semibold">决议编号：{record.decisionNo}</Text>
      <Text>业务编号：{record.businessNo}</Text>
      <Text>供应商：{record.supplierName || '--'}</Text>
      <Text>评审会：{record.meetingNo ?? '--'}</Text>
      <Text>申请金额：{`${formatFen(BigInt(record.applyAmount))} 元`}</Text>
      <Text>资金产品：{record.productName || '--'}</Text>
      <Text>{record.stateLabel}</Text>
    </MakeSummary>
  );

  return (
    <MakePageShell
      def={DECISION_STAGE}
      page={page}
      title="决议制作"
      summary={summary}
      notFound="融资决议不存在或无权制作"
    >
      <div className={styles.card} role="region" aria-label="批复条件">
        <Text weight="semibold" size={500}>
          批复条件
        </Text>
        <div className={styles.fields}>
          {FIELDS.map((f) => field(f, f.limit))}
          {field(method, 'repaymentMethod')}
          {field(GUARANTEE)}
          {field(
            CONDITIONS,
            undefined,
            4,
            record?.meetingConditions.length
              ? `须包含评审会确定的条件：${record.meetingConditions.join('；')}`
              : undefined,
          )}
        </div>
      </div>
    </MakePageShell>
  );
}
