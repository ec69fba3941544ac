// 附件 on 业务详情 (BUSINESS.md §4, §5 "Attachments per stage"): every file of the business by stage and field —
// name, real size, uploader, time — each opened in 文件预览 or downloaded, and 下载全部附件 as one zip, the button
// waiting while the zip is made. A file whose bytes are missing says so instead of offering what cannot open.
import {
  Button,
  Caption1,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, FolderZipRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { createAttachmentsMachine } from '../../../application/business/attachments.machine';
import { selectMenus } from '../../../application/session/session.selectors';
import { groupAttachments } from '../../../domain/financing/attachments';
import { formatDateTime } from '../../../domain/format/date-format';
import { formatFileSize } from '../../../domain/format/file-size';
import { operationCodesFor } from '../../../domain/menu/menu';
import { useServices } from '../../app/services';
import { Notice } from '../../kit/notice';
import { PreviewLink } from '../preview/preview-link';
import type { DetailTabProps } from '../stage/define-detail-tab';
import { useDetailTabStyles } from '../stage/detail-tab-parts';
import { BUSINESS_DETAIL_PATH } from './business-manage-screen';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  // On a phone the table keeps name, size and actions; who and when go under the name.
  table: { minWidth: '720px', '@media (max-width: 600px)': { minWidth: 0 } },
  wide: { '@media (max-width: 600px)': { display: 'none' } },
  narrow: { display: 'none', '@media (max-width: 600px)': { display: 'block' } },
  muted: { color: tokens.colorNeutralForeground3 },
  missing: { color: tokens.colorPaletteRedForeground1 },
  name: { overflowWrap: 'anywhere' },
  size: { whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: '4px', whiteSpace: 'nowrap' },
});

export function AttachmentsDetailTab({ detail }: DetailTabProps) {
  const styles = { ...useDetailTabStyles(), ...useStyles() };
  const { business, files, session } = useServices();
  const menus = useSelector(session, selectMenus);
  const mayZip = useMemo(() => operationCodesFor(menus, BUSINESS_DETAIL_PATH).has('export'), [menus]);
  const [machine] = useState(() => createAttachmentsMachine({ business }));
  const flow = useActorRef(machine, { input: { businessId: detail.keyId } });
  const list = useSelector(flow, (s) => s.context.files);
  const phase = useSelector(flow, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const zipping = useSelector(flow, (s) => s.matches({ ready: 'zipping' }));
  const groups = useMemo(() => groupAttachments(list), [list]);
  const [fetching, setFetching] = useState<string | null>(null);
  const download = (keyId: string) => {
    setFetching(keyId);
    // The HTTP client has shown the gateway's refusal; the row is simply ready again.
    files.download(keyId).then(
      () => setFetching(null),
      () => setFetching(null),
    );
  };

  if (phase === 'loading') return <Spinner size="small" label="附件加载中…" />;
  if (phase === 'failed') {
    return (
      <Notice
        intent="error"
        actions={
          <Button size="small" onClick={() => flow.send({ type: 'RETRY' })}>
            重试
          </Button>
        }
      >
        附件加载失败
      </Notice>
    );
  }
  const available = list.filter((f) => !f.missing).length;
  return (
    <div className={styles.section}>
      <div className={styles.bar}>
        <Text weight="semibold">{`共${list.length}个附件`}</Text>
        <span className={styles.grow} />
        {mayZip && (
          <Button
            icon={zipping ? <Spinner size="tiny" /> : <FolderZipRegular />}
            disabled={zipping || available === 0}
            aria-busy={zipping}
            onClick={() => flow.send({ type: 'ZIP' })}
          >
            {zipping ? '正在打包…' : '下载全部附件'}
          </Button>
        )}
      </div>
      {list.length === 0 && <Text className={styles.muted}>该业务暂无附件</Text>}
      {groups.map((g) => (
        <section key={`${g.stage}/${g.group}`} aria-label={`${g.stageLabel} · ${g.group}`} className={styles.section}>
          <Text weight="semibold">{`${g.stageLabel} · ${g.group}`}</Text>
          <div className={styles.scroll}>
            <Table size="small" aria-label={`${g.stageLabel} ${g.group} 附件`} className={styles.table}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>文件名</TableHeaderCell>
                  <TableHeaderCell className={mergeClasses(styles.amount, styles.size)}>大小</TableHeaderCell>
                  <TableHeaderCell className={styles.wide}>上传人</TableHeaderCell>
                  <TableHeaderCell className={styles.wide}>上传时间</TableHeaderCell>
                  <TableHeaderCell>操作</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {g.files.map((f) => (
                  <TableRow key={f.keyId}>
                    <TableCell className={styles.name}>
                      {f.missing ? <Text>{f.name}</Text> : <PreviewLink file={f} />}
                      {f.missing && <Caption1 className={styles.missing}>（文件内容缺失）</Caption1>}
                      <Caption1 className={mergeClasses(styles.narrow, styles.muted)}>
                        {`${f.uploaderName ?? '--'} · ${formatDateTime(f.uploadedAt)}`}
                      </Caption1>
                    </TableCell>
                    <TableCell className={mergeClasses(styles.amount, styles.size)}>{formatFileSize(f.size)}</TableCell>
                    <TableCell className={styles.wide}>{f.uploaderName ?? '--'}</TableCell>
                    <TableCell className={styles.wide}>{formatDateTime(f.uploadedAt)}</TableCell>
                    <TableCell>
                      {!f.missing && (
                        <span className={styles.actions}>
                          <PreviewLink file={f} label="预览" />
                          <Button
                            size="small"
                            appearance="transparent"
                            icon={<ArrowDownloadRegular />}
                            aria-label={`下载 ${f.name}`}
                            disabled={fetching === f.keyId}
                            onClick={() => download(f.keyId)}
                          >
                            下载
                          </Button>
                        </span>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </section>
      ))}
    </div>
  );
}
