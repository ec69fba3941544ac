// 预授信 on 业务详情: the pre-credit's figures and the orders it rests on.
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { DetailTabProps } from '../stage/define-detail-tab';
import { Facts, useDetailTabStyles, yuan } from '../stage/detail-tab-parts';

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
      <div className={styles.scroll}>
        <Table size="small" aria-label="依据付款单">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>依据付款单</TableHeaderCell>
              <TableHeaderCell className={styles.amount}>可融资金额(元)</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {section.orders.map((o) => (
              <TableRow key={o.orderNo}>
                <TableCell>{o.orderNo}</TableCell>
                <TableCell className={styles.amount}>{yuan(o.eligibleAmount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
