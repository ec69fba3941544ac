// The upload widget: click or drop one or several files; each is checked by the domain's upload
// rules in the upload flow (the exact SPEC §5 messages as toasts), then uploads with its own progress bar,
// and can be cancelled, retried, downloaded (once stored) or removed. The flow decides; this only shows it.
import { Button, Caption1, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowUploadRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { DEFAULT_UI_SIZE } from '../../../domain/constants';
import { formatFileSize } from '../../../domain/format/file-size';
import { acceptAttribute } from '../../../domain/upload/content-types';
import { allowedExtensions } from '../../../domain/upload/upload-rules';
import type { StoredFile, UploadTarget } from '../../../application/ports/file-gateway.port';
import {
  createUploadMachine,
  uploadedFiles,
  type UploadItem,
  type UploadMachine,
} from '../../../application/files/upload.machine';
import { ServicesContext } from '../../app/services';

const useStyles = makeStyles({
  drop: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4px',
    padding: '20px 16px',
    cursor: 'pointer',
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    ':hover': { border: `1px dashed ${tokens.colorBrandStroke1}` },
  },
  over: { border: `1px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  list: { listStyleType: 'none', margin: '8px 0 0', padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  item: { display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', columnGap: '8px' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  error: { display: 'block', color: tokens.colorPaletteRedForeground1 },
});

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  uploading: '上传中',
  done: '上传成功',
  failed: '上传失败',
  cancelled: '已取消',
};

export interface FileUploadProps {
  label?: string;
  /** Allowed extensions, 'pdf,png'. */
  accept?: string;
  /** Bytes. */
  maxSize?: number;
  limit?: number;
  target?: UploadTarget;
  initial?: readonly StoredFile[];
  /** The stored files whenever the list of finished uploads changes. */
  onChange?: (files: StoredFile[]) => void;
  /** The flow; the composition root's unless given (tests). */
  machine?: UploadMachine;
}

export function FileUpload({
  label = '上传文件',
  accept,
  maxSize,
  limit,
  target,
  initial,
  onChange,
  machine,
}: FileUploadProps) {
  const services = useContext(ServicesContext);
  const [ownMachine] = useState(() =>
    machine || !services ? undefined : createUploadMachine({ files: services.files, notifier: services.notifier }),
  );
  const flowMachine = machine ?? ownMachine;
  if (!flowMachine) throw new Error('FileUpload needs an upload machine');
  const flow = useActorRef(flowMachine, {
    input: {
      ...(accept ? { accept } : {}),
      ...(maxSize !== undefined ? { maxSize } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(target ? { target } : {}),
      ...(initial ? { initial } : {}),
    },
  });
  const items = useSelector(flow, (s) => s.context.items);
  const styles = useStyles();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const storedKey = uploadedFiles(items)
    .map((f) => f.keyId)
    .join(',');
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    changed.current?.(uploadedFiles(flow.getSnapshot().context.items));
  }, [storedKey, flow]);

  const extensions = allowedExtensions(accept);
  const hint = [
    extensions.length ? `支持格式：${extensions.map((e) => `.${e}`).join(',')}` : '',
    maxSize !== undefined ? `单个文件不超过${formatFileSize(maxSize)}` : '',
    limit !== undefined ? `最多${limit}个文件` : '',
  ]
    .filter(Boolean)
    .join('，');

  const add = (files: FileList | null) => {
    if (files && files.length) flow.send({ type: 'ADD', files: [...files] });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };

  return (
    <div>
      <div
        role="button"
        tabIndex={0}
        aria-label={label}
        className={over ? `${styles.drop} ${styles.over}` : styles.drop}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <ArrowUploadRegular fontSize={24} />
        <Text>
          将文件拖到此处，或<Text weight="semibold">点击上传</Text>
        </Text>
        {hint && <Caption1>{hint}</Caption1>}
      </div>
      <input
        id={inputId}
        ref={input}
        type="file"
        multiple={limit !== 1}
        hidden
        aria-label={`${label}（选择文件）`}
        data-testid="file-upload-input"
        {...(extensions.length ? { accept: acceptAttribute(extensions) } : {})}
        onChange={(e) => {
          add(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {items.length > 0 && (
        <ul className={styles.list} aria-label="上传列表">
          {items.map((item) => (
            <li key={item.id} className={styles.item} aria-label={item.name}>
              <div>
                {item.stored ? (
                  <Button
                    appearance="transparent"
                    size={DEFAULT_UI_SIZE}
                    className={styles.name}
                    title={`下载 ${item.name}`}
                    onClick={() => flow.send({ type: 'DOWNLOAD', id: item.id })}
                  >
                    {item.name}
                  </Button>
                ) : (
                  <Text className={styles.name}>{item.name}</Text>
                )}
                <Caption1>
                  {' '}
                  {/* An empty file is never stored (SPEC §5), so a stored size of 0 only means "not told": no 0B. */}
                  {item.size > 0 ? `${formatFileSize(item.size)} · ` : ''}
                  {STATUS_TEXT[item.status]}
                </Caption1>
                {item.status === 'uploading' && (
                  <ProgressBar
                    value={item.percent / 100}
                    thickness="medium"
                    aria-label={`${item.name} 上传进度`}
                    aria-valuetext={`${item.percent}%`}
                  />
                )}
                {item.status === 'failed' && (
                  <Caption1 className={styles.error} role="alert">
                    {item.error}
                  </Caption1>
                )}
              </div>
              <div>
                {item.status === 'uploading' && (
                  <Button
                    size={DEFAULT_UI_SIZE}
                    icon={<DismissRegular />}
                    onClick={() => flow.send({ type: 'CANCEL', id: item.id })}
                  >
                    取消
                  </Button>
                )}
                {(item.status === 'failed' || item.status === 'cancelled') && (
                  <Button
                    size={DEFAULT_UI_SIZE}
                    icon={<ArrowClockwiseRegular />}
                    onClick={() => flow.send({ type: 'RETRY', id: item.id })}
                  >
                    重试
                  </Button>
                )}
                {item.status !== 'uploading' && (
                  <Button
                    size={DEFAULT_UI_SIZE}
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={`删除 ${item.name}`}
                    onClick={() => flow.send({ type: 'REMOVE', id: item.id })}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
