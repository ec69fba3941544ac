// 融资申请 on 业务详情: the application's figures, its lines and its 准入资料 (each file opens in 文件预览).
import { REPAYMENT_SOURCES } from '../../../domain/financing/financing-application-rules';
import { formatDateTime } from '../../../domain/format/date-format';
import { PreviewLink } from '../preview/preview-link';
import type { DetailTabProps } from '../stage/define-detail-tab';
import { Facts, SmallTable, useDetailTabStyles, yuan } from '../stage/detail-tab-parts';

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
      <SmallTable
        label="融资明细"
        columns={[{ title: '付款单' }, { title: '融资金额(元)', amount: true }]}
        rows={section.lines.map((l) => ({ key: l.orderNo, cells: [l.orderNo, yuan(l.financeAmount)] }))}
      />
      <SmallTable
        label="准入资料"
        columns={[{ title: '资料类型' }, { title: '文件' }, { title: '有效期至' }]}
        rows={section.docs.map((d) => ({
          key: d.label,
          cells: [
            d.required ? `* ${d.label}` : d.label,
            d.files.length > 0
              ? d.files.map((f) => (
                  <div key={f.keyId}>
                    <PreviewLink file={f} />
                  </div>
                ))
              : d.required
                ? '未上传'
                : '--',
            d.validTo ?? '--',
          ],
        }))}
      />
    </div>
  );
}
