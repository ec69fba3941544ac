// The pages of a stage's records as data (签约's lists, details and waiting businesses): a page's title with
// what stands beside it, the records under their columns each opening its details page (across businesses, or
// one business's on its 业务详情 tab), the businesses waiting for the stage's first move with the way to it, and
// a record's events in time. The stage says its columns, paths and words; the reads are its own routes.
import { Button, Text, makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StageRoutes } from '../../../application/ports/stage-gateway.port';
import { stateLabel } from '../../../domain/financing/lifecycle';
import { formatDateTime } from '../../../domain/format/date-format';
import { useLoadOnce } from '../../kit/use-load-once';
import { type DataColumn, DataTable } from './data-table';
import { useDocumentRoutes } from './document-parts';

/** A column of text in one line: its title, how its cell reads a row, its width in px. */
export const textColumn = <T,>(title: string, cell: (row: T) => string, width?: number): DataColumn<T> => ({
  title,
  cell,
  ...(width ? { width } : {}),
});

/** A moment as the stage's pages show it; '' for none. */
export const at = (v: string | null | undefined) => (v ? formatDateTime(v) : '');

/** `path?key=value`, the value encoded. */
export const linkTo = (path: string, key: string, value: string) => `${path}?${key}=${encodeURIComponent(value)}`;

/** A stage page's frame, a row of fields and buttons standing on one line (wrapping), and a grid of fields. */
export const useStagePageStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '16px 20px', minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px 12px' },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(200px, 100%), 1fr))', gap: '12px 16px' },
});

/**
 * A page of the stage: its title, 返回 beside it when the page says where to (`back`: a path, or -1 for the page
 * it was opened from) and what else stands there, then its parts.
 */
export function StagePage(props: { title: string; back?: string | -1; aside?: ReactNode; children: ReactNode }) {
  const { title, back, aside, children } = props;
  const styles = useStagePageStyles();
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <div className={styles.row}>
        <Text as="h1" size={600} weight="semibold">
          {title}
        </Text>
        {back !== undefined && <Button onClick={() => (back === -1 ? navigate(-1) : navigate(back))}>返回</Button>}
        {aside}
      </div>
      {children}
    </section>
  );
}

export interface RecordsSpec<R> {
  routes: StageRoutes;
  /** The table's label and what it says when empty. */
  label: string;
  empty: string;
  columns: readonly DataColumn<R>[];
  /** The details page each record's 详情 opens (`?id=`). */
  openPath: string;
  minWidth?: string;
}

/**
 * The records a stage's route answers as a page (`{ records }`: `''` across businesses, `/${id}/items` one
 * business's), under their columns and 详情.
 */
export function StageRecords<R extends { keyId: string }>({
  spec,
  path = '',
  query,
}: {
  spec: RecordsSpec<R>;
  path?: string;
  query?: object;
}) {
  const navigate = useNavigate();
  const { get } = useDocumentRoutes(spec.routes);
  const page = useLoadOnce(() => get<{ records: R[] }>(path, query), { records: [] });
  const open: DataColumn<R> = {
    title: '操作',
    cell: (r) => (
      <Button size="small" onClick={() => navigate(linkTo(spec.openPath, 'id', r.keyId))}>
        详情
      </Button>
    ),
  };
  return (
    <DataTable
      {...{ label: spec.label, empty: spec.empty, rows: page.records }}
      columns={[...spec.columns, open]}
      rowKey={(r) => r.keyId}
      {...(spec.minWidth ? { minWidth: spec.minWidth } : {})}
    />
  );
}

/** A business waiting for a stage's move, as its `/waiting` route answers it: the moves offered to the caller. */
export interface WaitingBusiness {
  keyId: string;
  businessNo: string;
  supplierName: string;
  state: string;
  version: number;
  actions: string[];
}

/** The businesses waiting for the stage that offer the caller `action` (all of them without one). */
export function useWaiting(routes: StageRoutes, action?: string): WaitingBusiness[] {
  const { get } = useDocumentRoutes(routes);
  const all = useLoadOnce(() => get<WaitingBusiness[]>('/waiting'), []);
  return action ? all.filter((b) => b.actions.includes(action)) : all;
}

/** Those businesses under a heading, each with `button` opening `path?businessId=`; nothing when there are none. */
export function WaitingBusinesses(props: {
  routes: StageRoutes;
  action: string;
  label: string;
  button: string;
  path: string;
}) {
  const navigate = useNavigate();
  const rows = useWaiting(props.routes, props.action);
  if (!rows.length) return null;
  const go: DataColumn<WaitingBusiness> = {
    title: '操作',
    cell: (b) => (
      <Button size="small" appearance="primary" onClick={() => navigate(linkTo(props.path, 'businessId', b.keyId))}>
        {props.button}
      </Button>
    ),
  };
  const columns = [
    textColumn<WaitingBusiness>('业务编号', (b) => b.businessNo),
    textColumn<WaitingBusiness>('供应商', (b) => b.supplierName),
    textColumn<WaitingBusiness>('状态', (b) => stateLabel(b.state)),
    go,
  ];
  return <DataTable label={props.label} heading rows={rows} rowKey={(b) => b.keyId} empty="" columns={columns} />;
}

/** A record's events in time, under a heading: when, and what happened. */
interface TimedEvent {
  at: string;
  text: string;
}

export function EventTimeline({ label, events }: { label: string; events: readonly TimedEvent[] }) {
  const columns = [textColumn<TimedEvent>('时间', (e) => at(e.at), 170), textColumn<TimedEvent>('事件', (e) => e.text)];
  return <DataTable label={label} heading rows={events} rowKey={(_, i) => i} empty="" columns={columns} />;
}
