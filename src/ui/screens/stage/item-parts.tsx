// The client half of the kit's stage items (gateway/src/stage/stage-items.ts): a business's items read with what
// the caller may do on each now (`{api}/:businessId/items`), a button per action the gateway lists, and one item's
// move (`{api}/items/:id/transition`) under the version read. The words — the button, the comment's label and
// whether it is asked — are the item's own workflow table's; a stage adds only its columns and the inputs a move
// carries (the elements' 落实值 and evidence). What may be done is never decided here.
import { Button, Field, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { type ReactNode, useState } from 'react';
import type { StageRoutes } from '../../../application/ports/stage-gateway.port';
import { type WorkflowTable, transitionCommentLabel } from '../../../domain/workflow/workflow';
import { useServices } from '../../app/services';
import { useLoadOnce } from '../../kit/use-load-once';
import { type SmallColumn, SmallTable } from './detail-tab-parts';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '12px 16px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** What every item on the wire carries besides the stage's own fields. */
export interface ItemRow {
  keyId: string;
  name: string;
  version: number;
  actions: string[];
}

/** The values a move carries besides its comment (its `inputs.keys`). */
export type ItemValues = Record<string, string | number | null>;

export interface StageItemsSpec<R extends ItemRow> {
  routes: StageRoutes;
  // biome-ignore lint/suspicious/noExplicitAny: any stage's item table; only its words and input keys are read
  table: Pick<WorkflowTable<string, any, any>, 'noun' | 'transitions'>;
  label: string;
  columns: readonly SmallColumn[];
  cells(row: R): ReactNode[];
  /** The fields of a move that carries values, drawn by the stage over the values the move holds. */
  inputs?(action: string, row: R, values: ItemValues, set: (patch: ItemValues) => void): ReactNode;
}

/** The business's items with their actions; a move done reads them again. */
export function StageItems<R extends ItemRow>({
  spec,
  businessId,
  readOnly = false,
}: {
  spec: StageItemsSpec<R>;
  businessId: string;
  /** Shown without the 操作 column (业务详情's tab). */
  readOnly?: boolean;
}) {
  const [round, setRound] = useState(0);
  return (
    <ItemsRead
      key={`${businessId}/${round}`}
      {...{ spec, businessId, readOnly }}
      onMoved={() => setRound((n) => n + 1)}
    />
  );
}

function ItemsRead<R extends ItemRow>({
  spec,
  businessId,
  readOnly,
  onMoved,
}: {
  spec: StageItemsSpec<R>;
  businessId: string;
  readOnly: boolean;
  onMoved: () => void;
}) {
  const styles = useStyles();
  const { stages } = useServices();
  const [chosen, setChosen] = useState<{ row: R; action: string } | null>(null);
  const page = useLoadOnce(
    () =>
      stages.custom<{ records: R[] }>(spec.routes, 'GET', `/${encodeURIComponent(businessId)}/items`, { size: 100 }),
    null,
  );
  if (!page) return <Spinner size="small" label={`加载${spec.table.noun}…`} />;
  const labelOf = (action: string) => spec.table.transitions.find((t) => t.action === action)?.label ?? action;
  return (
    <>
      <SmallTable
        label={spec.label}
        minWidth="960px"
        scrollLabel={`${spec.label}列表`}
        columns={readOnly ? spec.columns : [...spec.columns, { title: '操作' }]}
        rows={page.records.map((r) => ({
          key: r.keyId,
          cells: readOnly
            ? spec.cells(r)
            : [
                ...spec.cells(r),
                <div key="actions" className={styles.actions}>
                  {r.actions.map((a) => (
                    <Button
                      key={a}
                      size="small"
                      aria-label={`${labelOf(a)}：${r.name}`}
                      onClick={() => setChosen({ row: r, action: a })}
                    >
                      {labelOf(a)}
                    </Button>
                  ))}
                </div>,
              ],
        }))}
        empty={`暂无${spec.table.noun}`}
      />
      {chosen && (
        <ItemMove
          key={`${chosen.row.keyId}/${chosen.action}`}
          spec={spec}
          row={chosen.row}
          action={chosen.action}
          onCancel={() => setChosen(null)}
          onDone={onMoved}
        />
      )}
    </>
  );
}

/** One move of one item: the stage's inputs, the comment the table asks, sent under the version read. */
function ItemMove<R extends ItemRow>({
  spec,
  row,
  action,
  onCancel,
  onDone,
}: {
  spec: StageItemsSpec<R>;
  row: R;
  action: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const styles = useStyles();
  const { stages, notifier } = useServices();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<ItemValues>({});
  const t = spec.table.transitions.find((x) => x.action === action);
  if (!t) return null;
  const keys = t.inputs?.keys ?? [];
  const sent = Object.fromEntries(keys.map((k) => [k, values[k] ?? null]));
  // The move's own check, as the gateway runs it: the button waits until its inputs are whole (a receipt still
  // uploading has no file yet), and says what is missing.
  const missing = keys.length ? (t.inputs?.check?.(row, sent) ?? null) : null;
  const send = async () => {
    setBusy(true);
    try {
      await stages.custom(spec.routes, 'POST', `/items/${encodeURIComponent(row.keyId)}/transition`, {
        action,
        version: row.version,
        ...(t.comment !== 'none' && comment.trim() ? { comment } : {}),
        ...(keys.length ? { values: sent } : {}),
      });
      notifier.success(`${row.name}：已${t.label}`);
      onDone();
    } catch {
      // The HTTP client has shown the gateway's refusal.
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-label={`${t.label}：${row.name}`}>
      <Text weight="semibold">
        {t.label}：{row.name}
      </Text>
      {keys.length > 0 && spec.inputs?.(action, row, values, (patch) => setValues((v) => ({ ...v, ...patch })))}
      {missing && (
        <Text size={200} className={styles.hint}>
          {missing}
        </Text>
      )}
      {t.comment !== 'none' && (
        <Field label={transitionCommentLabel(t)} required={t.comment === 'required'}>
          <Textarea value={comment} onChange={(_, d) => setComment(d.value)} />
        </Field>
      )}
      <div className={styles.row}>
        <Button appearance="primary" disabled={busy || !!missing} onClick={() => void send()}>
          确定{t.label}
        </Button>
        <Button disabled={busy} onClick={onCancel}>
          取消
        </Button>
      </div>
    </section>
  );
}
