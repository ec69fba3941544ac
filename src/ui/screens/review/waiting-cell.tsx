// 停留时长 with the level's 超时提醒: past it the item says 已超时 (a reminder only; nothing moves on its own).
import { Badge, makeStyles } from '@fluentui/react-components';
import { formatWaiting } from '../../../domain/financing/review-queue';

const useStyles = makeStyles({ cell: { display: 'inline-flex', alignItems: 'center', gap: '4px' } });

export function WaitingCell({ minutes, overdue }: { minutes: number; overdue: boolean }) {
  const styles = useStyles();
  return (
    <span className={styles.cell}>
      {formatWaiting(minutes)}
      {overdue && (
        <Badge size="small" appearance="tint" color="danger">
          已超时
        </Badge>
      )}
    </span>
  );
}
