// The client half of the kit's documents with versions (gateway/src/stage/stage-documents.ts): a stage whose
// records are documents — contracts, later letters — lists them across businesses (`{api}/page`: the search by
// number, the pages, 查看 opening its detail), shows the businesses waiting for theirs (`{api}/makeable`) and a
// series' versions, and voids one (`{api}/items/:id/transition`) when the gateway lists the action among the
// item's own; the stage says only its columns and words.
import { Button, Field, Input, makeStyles, Spinner, Textarea } from '@fluentui/react-components';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StageRoutes } from '../../../application/ports/stage-gateway.port';
import { useServices } from '../../app/services';
import { PaginationBar } from '../../kit/pagination-bar';
import { useLoadOnce } from '../../kit/use-load-once';
import { stateLabel } from '../../../domain/financing/lifecycle';
import { PreviewLink } from '../preview/preview-link';
import { Permission } from '../../shell/permission';
import type { DataColumn } from './data-table';
import { type SmallColumn, SmallTable, Heading } from './detail-tab-parts';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px 12px' },
});

/** What every document with versions carries on the wire (gateway/src/stage/stage-documents.ts `documentWire`). */
export interface DocumentRow {
  keyId: string;
  businessId: string;
  name: string;
  templateRef: string | null;
  fileId: string;
  fileSha256: string;
  status: string;
  statusLabel: string;
  voidReason: string | null;
  version: number;
  /** On the page across businesses. */
  businessNo?: string;
  supplierName?: string;
  /** On the business's items: what the caller may do on it now. */
  actions?: string[];
}

/** The stage's own routes of its documents, bound: read, write and download under its api. */
export function useDocumentRoutes(routes: StageRoutes) {
  const { stages, notifier } = useServices();
  return {
    notifier,
    get: <T,>(path: string, query?: object) => stages.custom<T>(routes, 'GET', path, query),
    post: <T,>(path: string, body: object) => stages.custom<T>(routes, 'POST', path, body),
    download: (path: string) => stages.download(routes, path),
  };
}

export interface DocumentListSpec<R extends { keyId: string }> {
  routes: StageRoutes;
  /** The table's label and the search field: its label and the page's query key. */
  label: string;
  search: { key: string; label: string };
  /** The columns, each reading its cell from the row (the kit's DataColumn), or `cells` reading a row's. */
  columns: readonly (SmallColumn & Partial<Pick<DataColumn<R>, 'cell'>>)[];
  cells?(row: R): ReactNode[];
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
            ...(spec.cells?.(r) ?? spec.columns.map((c) => c.cell?.(r))),
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

/** The businesses waiting for their documents, each with the way to its make page (`makePath?businessId=`). */
export function DocumentMakeable({
  routes,
  makePath,
  label,
}: {
  routes: StageRoutes;
  makePath: string;
  label: string;
}) {
  const navigate = useNavigate();
  const { stages } = useServices();
  const rows = useLoadOnce(
    () =>
      stages.custom<{ keyId: string; businessNo: string; supplierName: string; state: string }[]>(
        routes,
        'GET',
        '/makeable',
      ),
    [],
  );
  if (!rows.length) return null;
  return (
    <>
      <Heading>待制作{routes.resource.noun}的业务</Heading>
      <SmallTable
        label={`待制作${routes.resource.noun}的业务`}
        minWidth="560px"
        scrollLabel={`待制作${routes.resource.noun}的业务列表`}
        columns={[{ title: '业务编号' }, { title: '供应商' }, { title: '状态' }, { title: '操作' }]}
        rows={rows.map((b) => ({
          key: b.keyId,
          cells: [
            b.businessNo,
            b.supplierName,
            stateLabel(b.state),
            <Button
              key="make"
              size="small"
              onClick={() => navigate(`${makePath}?businessId=${encodeURIComponent(b.keyId)}`)}
            >
              {label}
            </Button>,
          ],
        }))}
      />
    </>
  );
}

/** A series' versions, newest first: each one's number, status, why it was voided and its stored PDF. */
export function DocumentVersions({
  noun,
  versions,
}: {
  noun: string;
  versions: readonly {
    keyId: string;
    name: string;
    contractNo: string;
    contractVersion: number;
    statusLabel: string;
    voidReason: string | null;
    fileId: string;
  }[];
}) {
  return (
    <SmallTable
      label={`${noun}版本`}
      columns={[{ title: '版本' }, { title: '编号' }, { title: '状态' }, { title: '作废原因' }, { title: '文件' }]}
      rows={versions.map((v) => ({
        key: v.keyId,
        cells: [
          `V${v.contractVersion}`,
          v.contractNo,
          v.statusLabel,
          v.voidReason ?? '',
          <PreviewLink key="file" file={{ keyId: v.fileId, name: `${v.name}.pdf` }} label="预览" />,
        ],
      }))}
    />
  );
}
