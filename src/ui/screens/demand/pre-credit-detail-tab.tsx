// 预授信 on 业务详情: the pre-credit's figures and the orders it rests on.
import type { DetailTabProps } from '../stage/define-detail-tab';
import { Facts, SmallTable, useDetailTabStyles, yuan } from '../stage/detail-tab-parts';

export function PreCreditDetailTab({ detail }: DetailTabProps) {
  const styles = useDetailTabStyles();
  const section = detail.sections.preCredit;
  if (!section) return null;
  return (
    <div className={styles.section}>
      <Facts
        label="预授信"
        items={[
          ['预授信编号', section.preCreditNo],
          ['申请额度(元)', yuan(section.applyAmount)],
          ['批复额度(元)', yuan(section.approvedAmount)],
          ['有效期', section.validFrom && section.validTo ? `${section.validFrom} 至 ${section.validTo}` : '--'],
        ]}
      />
      <SmallTable
        label="依据付款单"
        columns={[{ title: '依据付款单' }, { title: '可融资金额(元)', amount: true }]}
        rows={section.orders.map((o) => ({ key: o.orderNo, cells: [o.orderNo, yuan(o.eligibleAmount)] }))}
      />
    </div>
  );
}
