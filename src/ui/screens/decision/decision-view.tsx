// The decision read-only (决议审核's section, 业务详情's tab): the approved terms, each beside its limit, the
// meeting's conditions, and the element items its approval created (read-only until 要素落实 is built).
import { Text } from '@fluentui/react-components';
import { ELEMENT_CHECKPOINT_LABEL, ELEMENT_STATUS_LABEL } from '../../../domain/financing/elements';
import { DECISION_STAGE } from '../../../domain/financing/financing-decision';
import type { ReportBounds } from '../../../domain/financing/report-stage';
import { formatPercent as percent } from '../../../domain/format/percent-format';
import { REPAYMENT_METHOD_LABEL } from '../../../domain/funds/fund-product.resource';
import { Facts, SmallTable, useDetailTabStyles, yuan } from '../stage/detail-tab-parts';
import { StageSection } from '../stage/stage-parts';

export interface DecisionLimit {
  field: string;
  label: string;
  limit: string;
  message: string | null;
}

export interface DecisionDetail {
  keyId: string;
  version: number;
  status: string;
  decisionNo: string;
  businessNo: string;
  supplierName: string;
  meetingNo: string | null;
  stateLabel: string;
  applyAmount: number;
  approvedAmount: number | null;
  annualRate: string | null;
  serviceFeeRate: string | null;
  termDays: number | null;
  financingRatio: string | null;
  repaymentMethod: keyof typeof REPAYMENT_METHOD_LABEL | null;
  guaranteeMeasures: string;
  conditions: string[];
  meetingConditions: string[];
  result: 'AGREED' | 'VETOED' | null;
  validUntil: string | null;
  productName: string;
  /** The limits themselves (null when no product holds the decision): the make page checks as it is typed. */
  bounds: ReportBounds | null;
  limits: DecisionLimit[];
  problems: string[];
  elements: {
    seq: number;
    kind: 'TERM' | 'CONDITION';
    name: string;
    requiredValue: string;
    mandatory: boolean;
    checkpoint: keyof typeof ELEMENT_CHECKPOINT_LABEL | null;
    status: keyof typeof ELEMENT_STATUS_LABEL;
  }[];
}

const RESULT_LABEL = { AGREED: '同意', VETOED: '否决' } as const;

export function DecisionSection({ id, review = false }: { id: string; review?: boolean }) {
  return (
    <StageSection<DecisionDetail> def={DECISION_STAGE} id={id} review={review} missing="尚无融资决议">
      {(d) => <DecisionView d={d} />}
    </StageSection>
  );
}

function DecisionView({ d }: { d: DecisionDetail }) {
  const styles = useDetailTabStyles();
  const limitOf = new Map(d.limits.map((l) => [l.field, l]));
  const withLimit = (field: string, value: string) => {
    const l = limitOf.get(field);
    return l ? `${value}（限额：${l.limit}${l.message ? `；${l.message}` : ''}）` : value;
  };
  return (
    <section className={styles.section} aria-label="融资决议">
      <Facts
        label="决议"
        items={[
          ['决议编号', d.decisionNo],
          ['评审会', d.meetingNo ?? '--'],
          ['申请金额', `${yuan(d.applyAmount)} 元`],
          ['批复金额', withLimit('amountFen', `${yuan(d.approvedAmount)} 元`)],
          ['年利率', withLimit('annualRate', percent(d.annualRate))],
          ['服务费率', percent(d.serviceFeeRate)],
          ['期限', withLimit('termDays', d.termDays === null ? '--' : `${d.termDays}天`)],
          ['融资比例', withLimit('financingRatio', percent(d.financingRatio))],
          [
            '还款方式',
            withLimit('repaymentMethod', d.repaymentMethod ? REPAYMENT_METHOD_LABEL[d.repaymentMethod] : '--'),
          ],
          ['担保措施', d.guaranteeMeasures || '--'],
          ['资金产品', d.productName || '--'],
          ['结果', d.result ? RESULT_LABEL[d.result] : '--'],
          ['有效期至', d.validUntil ?? '--'],
        ]}
      />
      <Text weight="semibold">放款条件</Text>
      <Text>{d.conditions.length ? d.conditions.join('；') : '无'}</Text>
      {d.meetingConditions.length > 0 && (
        <Text size={200}>{`其中评审会确定的条件：${d.meetingConditions.join('；')}`}</Text>
      )}
      {d.elements.length > 0 && (
        <>
          <Text weight="semibold">要素</Text>
          <SmallTable
            label="要素"
            columns={['序号', '类型', '名称', '要求值', '落实节点', '状态'].map((title) => ({ title }))}
            rows={d.elements.map((e) => ({
              key: e.seq,
              cells: [
                e.seq,
                e.kind === 'TERM' ? '业务要素' : '放款前提',
                e.name,
                e.requiredValue || '--',
                e.checkpoint ? ELEMENT_CHECKPOINT_LABEL[e.checkpoint] : '--',
                ELEMENT_STATUS_LABEL[e.status] ?? e.status,
              ],
            }))}
          />
        </>
      )}
    </section>
  );
}
