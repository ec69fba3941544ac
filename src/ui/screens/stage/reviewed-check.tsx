// The moves of a registered record a second person confirms (src/domain/workflow/reviewed-items.ts: a repayment, a
// refund): the buttons the gateway lists for the caller on the row, with the words of the record's own workflow
// table, 驳回 asking its reason; the move sent under the version read. What is said after it is where the record
// stands now, as the gateway answers it from its review (第1级已确认，待第2级确认, or 已确认).
import { Button, Field, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import type { StageClient } from '../../../application/ports/stage-gateway.port';
import type { Transition } from '../../../domain/workflow/workflow';
import { useServices } from '../../app/services';
import { useLoadOnce } from '../../kit/use-load-once';
import { useMakeStyles } from './make-page-shell';

/** A row as the move reads it: its number, version and the actions the gateway lists for the caller. */
export interface ReviewedRow {
  keyId: string;
  version: number;
  actions: string[];
}

/** A business's records as the gateway pages them under `path` (…/items), null while they load. */
export const useReviewedRows = <R extends ReviewedRow>(client: StageClient, path: string) =>
  useLoadOnce<R[] | null>(
    () =>
      client
        .custom<{ records: R[] }>('GET', path, { current: 1, size: 100 })
        .then((p) => p.records)
        .catch(() => []),
    null,
  );

/** Where a record stands, with the reason of a rejection or a confirmation's opinion beside it. */
export const reviewedStatus = (r: { statusLabel: string; checkComment: string | null }) =>
  r.checkComment ? `${r.statusLabel}（${r.checkComment}）` : r.statusLabel;

export function ReviewedCheck({
  client,
  path,
  name,
  row,
  transitions,
  done,
}: {
  client: StageClient;
  /** Where the items' moves are sent under the stage's api (`/items` or `/refund/items`). */
  path: string;
  /** The record's number, said with where it stands after the move. */
  name: string;
  row: ReviewedRow;
  // biome-ignore lint/suspicious/noExplicitAny: any reviewed table; only its words are read
  transitions: readonly Transition<string, any, any>[];
  done: () => void;
}) {
  const styles = useMakeStyles();
  const { notifier } = useServices();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  if (row.actions.length === 0) return <>--</>;
  const labelOf = (action: string) => transitions.find((t) => t.action === action)?.label ?? action;
  const move = async (action: string) => {
    setBusy(true);
    try {
      const moved = await client.custom<{ statusLabel?: string }>(
        'POST',
        `${path}/${encodeURIComponent(row.keyId)}/transition`,
        { action, version: row.version, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      );
      notifier.success(`${name}：${moved?.statusLabel ?? `已${labelOf(action)}`}`);
      done();
    } catch {
      // The shared client has shown the gateway's refusal.
      setBusy(false);
    }
  };
  if (rejecting)
    return (
      <div className={styles.row}>
        <Field label="驳回意见" required>
          <Textarea value={comment} resize="vertical" onChange={(_, d) => setComment(d.value)} />
        </Field>
        <Button appearance="primary" disabled={busy || !comment.trim()} onClick={() => void move('reject')}>
          确定驳回
        </Button>
        <Button onClick={() => setRejecting(false)}>取消</Button>
      </div>
    );
  return (
    <div className={styles.row}>
      {row.actions.includes('confirm') && (
        <Button appearance="primary" size="small" disabled={busy} onClick={() => void move('confirm')}>
          {labelOf('confirm')}
        </Button>
      )}
      {row.actions.includes('reject') && (
        <Button size="small" disabled={busy} onClick={() => setRejecting(true)}>
          {labelOf('reject')}
        </Button>
      )}
    </div>
  );
}
