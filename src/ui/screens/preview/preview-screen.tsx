// 文件预览 /preView/preViewMain?keyId=…: a PDF inline in a frame, an image in the image viewer, an office
// document or a text as the PDF the file service makes of it, anything else offered as a download. The preview
// flow fetches the signed URL (and the conversion) and decides the kind.
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { StoredFile } from '../../../application/ports/file-gateway.port';
import { createPreviewMachine } from '../../../application/files/preview.machine';
import { useServices } from '../../app/services';
import { ImageViewer } from '../../kit/image-viewer/image-viewer';
import { FileUpload } from '../../kit/upload/file-upload';
import { Notice } from '../../kit/notice';

const useStyles = makeStyles({
  page: { padding: '16px 20px' },
  root: { display: 'flex', flexDirection: 'column', gap: '12px', height: 'calc(100vh - 170px)', minHeight: '420px' },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '12px' },
  frame: {
    flex: 1,
    width: '100%',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  body: { flex: 1, minHeight: 0 },
});

function Preview({ keyId }: { keyId: string | null }) {
  const { files } = useServices();
  const [machine] = useState(() => createPreviewMachine({ files }));
  const flow = useActorRef(machine, { input: { keyId } });
  const phase = useSelector(flow, (s) =>
    s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : s.matches('choosing') ? 'choosing' : 'loading',
  );
  const downloading = useSelector(flow, (s) => s.matches({ ready: 'downloading' }));
  const canRetry = useSelector(flow, (s) => s.can({ type: 'RETRY' }));
  const url = useSelector(flow, (s) => s.context.url);
  const name = useSelector(flow, (s) => s.context.name);
  const kind = useSelector(flow, (s) => s.context.kind);
  const error = useSelector(flow, (s) => s.context.error);
  const converting = useSelector(flow, (s) => s.matches('converting'));
  const styles = useStyles();
  // A converted PDF is held by the page (an object URL): released when the page goes.
  useEffect(() => {
    if (kind === 'converted' && url.startsWith('blob:')) return () => URL.revokeObjectURL(url);
  }, [kind, url]);

  if (phase === 'loading') return <Spinner label={converting ? '正在转换为PDF…' : '文件加载中…'} />;
  if (phase === 'choosing') return <UploadToPreview />;
  if (phase === 'failed') {
    return (
      <Notice
        intent="error"
        actions={
          canRetry && (
            <Button size="small" onClick={() => flow.send({ type: 'RETRY' })}>
              重试
            </Button>
          )
        }
      >
        {error}
      </Notice>
    );
  }
  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        <Text as="h2" size={500} weight="semibold">
          {name}
        </Text>
        <Button icon={<ArrowDownloadRegular />} disabled={downloading} onClick={() => flow.send({ type: 'DOWNLOAD' })}>
          下载
        </Button>
      </div>
      <div className={styles.body}>
        {(kind === 'pdf' || kind === 'converted') && (
          <iframe className={styles.frame} style={{ height: '100%' }} title={name} src={url} />
        )}
        {kind === 'image' && <ImageViewer src={url} alt={name} />}
        {kind === 'other' && <Text>该文件类型不支持在线预览，请下载后查看</Text>}
      </div>
    </div>
  );
}

/** What the preview page takes: what it shows inline, and the documents it offers for download. */
export const PREVIEW_UPLOAD_ACCEPT = 'pdf,jpg,jpeg,png,gif,bmp,webp,txt,doc,docx,xls,xlsx,ppt,pptx,zip';
export const PREVIEW_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** No file named: upload some and pick one to preview. */
function UploadToPreview() {
  const [stored, setStored] = useState<StoredFile[]>([]);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 640 }}>
      <Text as="h2" size={500} weight="semibold">
        文件预览
      </Text>
      <Text>未指定文件，请上传文件后选择预览（PDF 与图片可在线查看）。</Text>
      <FileUpload
        label="上传文件"
        accept={PREVIEW_UPLOAD_ACCEPT}
        maxSize={PREVIEW_UPLOAD_MAX_BYTES}
        onChange={setStored}
      />
      {stored.length > 0 && (
        <nav aria-label="预览文件">
          {stored.map((f) => (
            <div key={f.keyId}>
              <Link to={{ search: `?keyId=${encodeURIComponent(f.keyId)}` }}>预览 {f.name}</Link>
            </div>
          ))}
        </nav>
      )}
    </div>
  );
}

export function PreviewScreen() {
  const [params] = useSearchParams();
  const keyId = params.get('keyId');
  // A new keyId is a new flow.
  return (
    <div className={useStyles().page}>
      <Preview key={keyId ?? ''} keyId={keyId} />
    </div>
  );
}
