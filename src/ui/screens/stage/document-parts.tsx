// The client half of the kit's documents with versions (gateway/src/stage/stage-documents.ts): a stage whose
// records are documents — contracts, later letters — lists them across businesses (`{api}/page`: the search by
// number, the pages, 查看 opening its detail) and voids one (`{api}/items/:id/transition`) when the gateway lists
// the action among the item's own; the stage says only its columns and words.
import { Button, Field, Input, makeStyles, Spinner, Textarea } from '@fluentui/react-components';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StageRoutes } from '../../../application/ports/stage-gateway.port';
import { useServices } from '../../app/services';
import { PaginationBar } from '../../kit/pagination-bar';
import { useLoadOnce } from '../../kit/use-load-once';
import { Permission } from '../../shell/permission';
import { type SmallColumn, SmallTable } from './detail-tab-parts';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px 12px' },
});

export interface DocumentListSpec<R extends { keyId: string }> {
  routes: StageRoutes;
  /** The table's label and the search field: its label and the page's query key. */
  label: string;
  search: { key: string; label: string };
  columns: readonly SmallColumn[];
  cells(row: R): ReactNode[];
  infoPath: string;
  minWidth?: string;
  /** The workbook's name when the gateway serves `{api}/export` of the same filter (导出, where granted). */
  exportName?: string;
}

/** The search by number over the documents' pages; each search or page is one read. */
export function DocumentList<R extends { keyId: string }>({ spec }: { spec: DocumentListSpec<R> }) {
  const styles = useStyles();
  const { stages } = useServices();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ text: '', current: 1, size: 10 });
  return (
    <>
      <div className={styles.row}>
        <Field label={spec.search.label}>
          <Input value={typed} onChange={(_, d) => setTyped(d.value)} />
        </Field>
        <Button appearance="primary" onClick={() => setQuery({ ...query, text: typed.trim(), current: 1 })}>
          查询
        </Button>
        <Button
          onClick={() => {
            setTyped('');
            setQuery({ text: '', current: 1, size: query.size });
          }}
        >
          重置
        </Button>
        {spec.exportName && (
          <Permission code="export">
            <Button
              onClick={() =>
                void stages.download(
                  spec.routes,
                  '/export',
                  query.text ? { [spec.search.key]: query.text } : {},
                  `${spec.exportName}.xlsx`,
                )
              }
            >
              导出
            </Button>
          </Permission>
        )}
      </div>
      <DocumentPage
        key={JSON.stringify(query)}
        spec={spec}
        query={query}
        onPage={(current, size) => setQuery({ ...query, current, size })}
      />
    </>
  );
}

function DocumentPage<R extends { keyId: string }>({
  spec,
  query,
  onPage,
}: {
  spec: DocumentListSpec<R>;
  query: { text: string; current: number; size: number };
  onPage: (current: number, size: number) => void;
}) {
  const navigate = useNavigate();
  const { stages } = useServices();
  const page = useLoadOnce(
    () =>
      stages.custom<{ records: R[]; total: number }>(spec.routes, 'GET', '/page', {
        current: query.current,
        size: query.size,
        ...(query.text ? { [spec.search.key]: query.text } : {}),
      }),
    null,
  );
  if (!page) return <Spinner size="small" label={`加载${spec.routes.resource.noun}…`} />;
  const view = (r: R) => navigate(`${spec.infoPath}?id=${encodeURIComponent(r.keyId)}`);
  return (
    <>
      <SmallTable
        label={spec.label}
        minWidth={spec.minWidth ?? '960px'}
        scrollLabel={`${spec.label}列表`}
        columns={[...spec.columns, { title: '操作' }]}
        rows={page.records.map((r) => ({
          key: r.keyId,
          cells: [
            ...spec.cells(r),
            <Button key="view" size="small" onClick={() => view(r)}>
              查看
            </Button>,
          ],
        }))}
        empty={`暂无${spec.routes.resource.noun}`}
      />
      <PaginationBar total={page.total} page={query.current} pageSize={query.size} onChange={onPage} />
    </>
  );
}

/** 作废 with its reason, sent under the version read; `onDone` reads the page again. */
export function DocumentVoid({
  routes,
  item,
  onDone,
}: {
  routes: StageRoutes;
  item: { keyId: string; version: number };
  onDone: () => void;
}) {
  const styles = useStyles();
  const { stages, notifier } = useServices();
  const [reason, setReason] = useState('');
  const send = () =>
    stages
      .custom(routes, 'POST', `/items/${encodeURIComponent(item.keyId)}/transition`, {
        action: 'void',
        version: item.version,
        comment: reason,
      })
      .then(
        () => {
          notifier.success(`${routes.resource.noun}已作废`);
          onDone();
        },
        () => undefined, // the HTTP client has shown the refusal
      );
  return (
    <div className={styles.row}>
      <Field label="作废原因" required>
        <Textarea value={reason} onChange={(_, d) => setReason(d.value)} />
      </Field>
      <Button onClick={() => void send()}>作废</Button>
    </div>
  );
}
