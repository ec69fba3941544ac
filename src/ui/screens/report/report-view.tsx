// 报告制作 (the kit's list on the report view: 查看 opens 报告详情, 编辑 the stepper) and 尽调报告 read-only
// (BUSINESS.md §4 /business/reportProductionInfo; the review page's section; the 报告 tab of 业务详情): the report's facts, each step's fields with the revisions side by side (a value a later revision
// changed is marked), 核心指标 computed from the statements, and 导出PDF of a revision behind its code. The
// wire shape is the gateway's detail of the report (gateway/src/modules/report/routes.ts).
import { Badge, Button, Text } from '@fluentui/react-components';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import { REPORT_STEPS, indicatorText, reportStep } from '../../../domain/financing/report';
import { REPORT_INFO_PATH, REPORT_STAGE, type ReportBounds } from '../../../domain/financing/report-stage';
import { CHILD_STATUSES, type ChildStatus } from '../../../domain/stage/stage';
import { formatFen } from '../../../domain/format/money-format';
import { Permission } from '../../shell/permission';
import { SmallTable } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { StageSection, stageInfoScreen, stageViewList } from '../stage/stage-parts';
import { StepRevisions, type StepView } from '../stage/step-revisions';
import { useStage } from '../stage/use-stage';

export type ReportStepView = StepView;

/** The report as the gateway's detail sends it. */
export interface ReportDetail extends StageRecord {
  businessId: string;
  businessNo: string;
  reportNo: string | null;
  supplierName: string | null;
  applyAmount: number | null;
  revision: number;
  doneSteps: number | null;
  makerName: string | null;
  stateLabel: string;
  status: string;
  steps: ReportStepView[];
  revisions: { revision: number; steps: ReportStepView[] }[];
  indicators: { key: string; label: string; value: string | null; formula: string; unit: string }[];
  bounds: ReportBounds | null;
  limits: { key: string; label: string; limit: string; message: string | null }[];
  problems: string[];
  actions: string[];
}

export function IndicatorTable({ indicators }: { indicators: ReportDetail['indicators'] }) {
  return (
    <SmallTable
      label="核心指标"
      minWidth="480px"
      scrollLabel="核心指标（可左右滚动）"
      columns={[{ title: '指标' }, { title: '数值', amount: true }, { title: '计算方法', muted: true }]}
      rows={indicators.map((i) => ({ key: i.key, cells: [i.label, indicatorText(i), i.formula] }))}
    />
  );
}

/** The report read-only, every revision side by side. */
export function ReportView({ detail }: { detail: ReportDetail }) {
  const styles = useMakeStyles();
  const client = useStage(REPORT_STAGE);
  const revisions = detail.revisions;
  if (revisions.length === 0) {
    return (
      <div className={styles.card} role="region" aria-label="尽调报告">
        <Text weight="semibold">尽调报告</Text>
        <Text className={styles.muted}>风控经理尚未开始制作本业务的尽调报告。</Text>
      </div>
    );
  }
  const latest = revisions.at(-1)?.revision ?? 1;
  return (
    <>
      <div className={styles.card} role="region" aria-label="尽调报告">
        <div className={styles.row}>
          <Text weight="semibold">尽调报告 {detail.reportNo}</Text>
          <Badge appearance="tint">{`修订版 ${latest}`}</Badge>
          {/* The report's own status (已通过 once the business went on), the business's stage beside it. */}
          <Badge appearance="tint" color={detail.status === 'APPROVED' ? 'success' : 'informative'}>
            {CHILD_STATUSES[detail.status as ChildStatus]?.label ?? detail.status}
          </Badge>
          <Text className={styles.muted}>{`业务：${detail.stateLabel}`}</Text>
        </div>
        <div className={styles.facts}>
          <Text>业务编号：{detail.businessNo}</Text>
          <Text>供应商：{detail.supplierName ?? '--'}</Text>
          <Text>申请金额：{detail.applyAmount === null ? '--' : `${formatFen(BigInt(detail.applyAmount))} 元`}</Text>
          <Text>调查人：{detail.makerName ?? '--'}</Text>
          <Text>已完成章节：{detail.doneSteps ?? 0} / 8</Text>
        </div>
        <Permission code="export" path={REPORT_INFO_PATH}>
          <div className={styles.row}>
            {revisions.map((r) => (
              <Button
                key={r.revision}
                size="small"
                onClick={() =>
                  void client.download(`/${encodeURIComponent(detail.keyId)}/pdf`, { revision: r.revision })
                }
              >
                {`导出PDF（修订版 ${r.revision}）`}
              </Button>
            ))}
          </div>
        </Permission>
      </div>
      <StepRevisions
        steps={REPORT_STEPS}
        revisions={revisions}
        extra={(key) => key === 'INDICATORS' && <IndicatorTable indicators={detail.indicators} />}
      />
    </>
  );
}

/** The report of business `id`, read, then shown (or why not). */
export function ReportSection({ id, review = false }: { id: string; review?: boolean }) {
  return (
    <StageSection<ReportDetail> def={REPORT_STAGE} id={id} review={review} missing="尽调报告不存在或无权查看。">
      {(detail) => <ReportView detail={detail} />}
    </StageSection>
  );
}

/**
 * What the committee reads of a report beside its vote (BUSINESS.md "Decisions": Meeting): the latest revision's
 * 方案建议 and the 核心指标 computed from its statements; the whole report is on 业务详情's 报告 tab.
 */
export function ReportBrief({ detail }: { detail: ReportDetail }) {
  const latest = detail.revisions.at(-1);
  if (!latest) return <Text>风控经理尚未制作本业务的尽调报告。</Text>;
  return (
    <>
      <StepRevisions steps={[reportStep('PROPOSAL')]} revisions={[latest]} />
      <IndicatorTable indicators={detail.indicators} />
    </>
  );
}

/** The brief of business `id`'s report, read, then shown (or why not). */
export function ReportBriefSection({ id }: { id: string }) {
  return (
    <StageSection<ReportDetail> def={REPORT_STAGE} id={id} missing="尽调报告不存在或无权查看。">
      {(detail) => <ReportBrief detail={detail} />}
    </StageSection>
  );
}

/** 报告制作: 查看 opens 报告详情. */
export const ReportListScreen = stageViewList(REPORT_STAGE, REPORT_INFO_PATH);
export const ReportInfoScreen = stageInfoScreen(REPORT_STAGE, '报告详情', ReportSection);
