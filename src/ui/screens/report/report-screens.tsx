// 报告制作 (the list on the stage kit: 查看 opens the read-only report, 编辑 the stepper) and 报告详情 (the report
// read-only with its revisions side by side and 导出PDF).
import { Button, Text, makeStyles } from '@fluentui/react-components';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { REPORT_INFO_PATH, REPORT_LIST_PATH, REPORT_STAGE } from '../../../domain/financing/report-stage';
import { ResourceScreen } from '../resource/resource-screen';
import { ReportSection } from './report-view';

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  head: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap' },
});

export function ReportListScreen() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      def={REPORT_STAGE.resource}
      onView={(row) => navigate(`${REPORT_INFO_PATH}?id=${encodeURIComponent(row.keyId)}`)}
    />
  );
}

export function ReportInfoScreen() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <section className={styles.page}>
      <div className={styles.head}>
        <Text as="h1" size={600} weight="semibold">
          报告详情
        </Text>
        <Button onClick={() => navigate(REPORT_LIST_PATH)}>返回</Button>
      </div>
      <ReportSection key={id} id={id} />
    </section>
  );
}
