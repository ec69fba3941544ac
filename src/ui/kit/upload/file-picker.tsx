// Choosing one file that the owner sends itself (an import): the upload widget's drop zone, in Chinese
// whatever the browser's language ('点击选择' rather than 'Choose File'), and the chosen file shown only
// once the owner has accepted it — a refused file never lingers as if it were chosen.
import { Button, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular, DocumentRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { DEFAULT_UI_SIZE } from '../../../domain/constants';

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
  chosen: { display: 'flex', alignItems: 'center', gap: '8px', marginTop: '8px' },
});

export interface FilePickerProps {
  label: string;
  /** The input's accept attribute, '.xlsx'. */
  accept?: string;
  hint?: string;
  /** The name of the file the owner accepted, or null. */
  chosen: string | null;
  onPick: (file: File) => void;
  onClear?: () => void;
}

export function FilePicker({ label, accept, hint, chosen, onPick, onClear }: FilePickerProps) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const pick = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) onPick(file);
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
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          pick(e.dataTransfer.files);
        }}
      >
        <ArrowUploadRegular fontSize={24} />
        <Text>
          将文件拖到此处，或<Text weight="semibold">点击选择</Text>
        </Text>
        {hint && <Caption1>{hint}</Caption1>}
      </div>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={`${label}（选择文件）`}
        {...(accept ? { accept } : {})}
        onChange={(e) => {
          pick(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {chosen && (
        <div className={styles.chosen} aria-label="已选择的文件">
          <DocumentRegular />
          <Text>{chosen}</Text>
          {onClear && (
            <Button
              size={DEFAULT_UI_SIZE}
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={`移除 ${chosen}`}
              onClick={onClear}
            />
          )}
        </div>
      )}
    </div>
  );
}
