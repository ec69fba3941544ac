// The read-only agreement of SPEC §2.5: a letter the user reads in a scrollable box and closes. The box is
// also used on its own (AgreementText) where a dialog asks for consent to the letter it shows, such as the
// supplier's data-query authorization. Text is split into paragraphs on line breaks; nothing is editable.
import { makeStyles, tokens } from '@fluentui/react-components';
import { GenericDialog } from './generic-dialog';

export interface AgreementTextProps {
  /** The letter's heading, shown centred above the text and naming the scroll region. */
  title?: string;
  /** Plain text; each line is a paragraph. */
  content: string;
  /** The box's height before it scrolls; 50vh unless set. */
  maxHeight?: string;
}

const useStyles = makeStyles({
  box: {
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    lineHeight: tokens.lineHeightBase400,
    userSelect: 'text',
  },
  heading: {
    textAlign: 'center',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    margin: `0 0 ${tokens.spacingVerticalM}`,
  },
  paragraph: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    textIndent: '2em',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
  },
  plain: { margin: `0 0 ${tokens.spacingVerticalS}`, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

/** Lines that open with a heading-like number or a salutation are not indented. */
const UNINDENTED = /^(尊敬的|致[:：]|[一二三四五六七八九十]+、|附件|授权人|日期)/;

export function AgreementText({ title, content, maxHeight = '50vh' }: AgreementTextProps) {
  const styles = useStyles();
  const lines = content.split(/\r?\n/).filter((line) => line.trim() !== '');
  return (
    // A focusable region so a keyboard user can scroll the letter; it holds no controls.
    <div role="document" aria-label={title ?? '协议'} tabIndex={0} className={styles.box} style={{ maxHeight }}>
      {title ? <h3 className={styles.heading}>{title}</h3> : null}
      {lines.map((line, i) => (
        <p key={i} className={UNINDENTED.test(line.trim()) ? styles.plain : styles.paragraph}>
          {line.trim()}
        </p>
      ))}
    </div>
  );
}

export interface AgreementDialogProps {
  open: boolean;
  /** The dialog's title; the letter's own heading unless set. */
  title?: string;
  /** The letter's heading inside the box. */
  documentTitle?: string;
  content: string;
  onClose: () => void;
  closeText?: string;
  width?: string | number;
}

export function AgreementDialog({
  open,
  title,
  documentTitle,
  content,
  onClose,
  closeText,
  width,
}: AgreementDialogProps) {
  return (
    <GenericDialog
      open={open}
      title={title ?? documentTitle ?? '协议'}
      width={width}
      onClose={onClose}
      closeText={closeText}
    >
      <AgreementText title={documentTitle} content={content} />
    </GenericDialog>
  );
}
