// The lifecycle action's dialog itself (the question, the danger warning, the comment box), loaded when a row's
// action is first asked for: the lists it serves show without the dialog's code.
import { Field, Text, Textarea, makeStyles } from '@fluentui/react-components';
import { LIFECYCLE, type LifecycleTransition } from '../../../domain/financing/lifecycle';
import { transitionCommentLabel } from '../../../domain/workflow/workflow';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: '12px' },
  warning: { color: 'var(--colorPaletteRedForeground1)' },
});

export interface BusinessActionDialogProps {
  transition: LifecycleTransition;
  businessNo: string;
  comment: string;
  error: string | null;
  acting: boolean;
  onComment(value: string): void;
  onCancel(): void;
  onConfirm(): void;
}

export function BusinessActionDialog({
  transition: t,
  businessNo,
  comment,
  error,
  acting,
  onComment,
  onCancel,
  onConfirm,
}: BusinessActionDialogProps) {
  const styles = useStyles();
  return (
    <GenericDialog
      open
      title={`${t.label}业务`}
      width={480}
      onClose={onCancel}
      onSubmit={onConfirm}
      submitText="确定"
      submitting={acting}
    >
      <div className={styles.fields}>
        <Text>{`确定${t.label}业务 ${businessNo} 吗？`}</Text>
        {t.tone === 'danger' && <Text className={styles.warning}>{`${t.label}后业务不可恢复。`}</Text>}
        {t.comment !== 'none' && (
          <Field
            label={transitionCommentLabel(t)}
            required={t.comment === 'required'}
            validationMessage={error ?? undefined}
          >
            <Textarea
              aria-label={transitionCommentLabel(t)}
              value={comment}
              maxLength={LIFECYCLE.commentMax ?? 200}
              resize="vertical"
              onChange={(_, d) => onComment(d.value)}
            />
          </Field>
        )}
      </div>
    </GenericDialog>
  );
}
