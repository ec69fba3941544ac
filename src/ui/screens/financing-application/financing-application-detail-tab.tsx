// 融资申请 on 业务详情: the application's figures, its lines and its 准入资料 (each file opens in 文件预览).
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { REPAYMENT_SOURCES } from '../../../domain/financing/application-rules';
import { formatDateTime } from '../../../domain/format/date-format';
import { PreviewLink } from '../preview/preview-link';
import type { DetailTabProps } from '../stage/define-detail-tab';
import { Facts, useDetailTabStyles, yuan } from '../stage/detail-tab-parts';

export function FinancingApplicationDetailTab({ detail }: DetailTabProps) {
  const styles = useDetailTabStyles();
  const section = detail.sections.application;
  if (!section) return null;
  return (
    <div className={styles.section}>
      <Facts
        label="融资申请"
        items={[
          ['申请编号', section.applicationNo],
          ['申请总额(元)', yuan(section.totalAmount)],
          ['期限', section.termDays === null ? '--' : `${section.termDays}天`],
          [
            '还款来源',
            REPAYMENT_SOURCES.find((r) => r.code === section.repaymentSource)?.label ?? section.repaymentSource ?? '--',
          ],
          ['提交时间', section.submittedAt ? formatDateTime(section.submittedAt) : '--'],
        ]}
      />
      <div className={styles.scroll}>
        <Table size="small" aria-label="融资明细">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>付款单</TableHeaderCell>
              <TableHeaderCell className={styles.amount}>融资金额(元)</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {section.lines.map((l) => (
              <TableRow key={l.orderNo}>
                <TableCell>{l.orderNo}</TableCell>
                <TableCell className={styles.amount}>{yuan(l.financeAmount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <div className={styles.scroll}>
        <Table size="small" aria-label="准入资料">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>资料类型</TableHeaderCell>
              <TableHeaderCell>文件</TableHeaderCell>
              <TableHeaderCell>有效期至</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {section.docs.map((d) => (
              <TableRow key={d.label}>
                <TableCell>{d.required ? `* ${d.label}` : d.label}</TableCell>
                <TableCell>
                  {d.files.length > 0
                    ? d.files.map((f) => (
                        <div key={f.keyId}>
                          <PreviewLink file={f} />
                        </div>
                      ))
                    : d.required
                      ? '未上传'
                      : '--'}
                </TableCell>
                <TableCell>{d.validTo ?? '--'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
