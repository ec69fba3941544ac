// 尽调报告 on 业务详情: the report read-only, every revision side by side.
import type { DetailTabProps } from '../stage/define-detail-tab';
import { ReportSection } from './report-view';

export function ReportDetailTab({ detail }: DetailTabProps) {
  return <ReportSection id={detail.keyId} />;
}
