// A stage's own move as a small form with its fields as data (推送's channel and 中登查询编号, 登记反馈's answer,
// 合同制作's factors), drawn by the kit's FormFields under its title, then its button, whose words may follow the
// values (生成合同 / 保存合同), beside the stage's own (提交审核).
// The form holds the typed text; the stage turns it into its request and the gateway decides.
import { Button } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { type FormField, FormFields, type FormValues, problemOf, requestOf } from './form-fields';
import { useFormValues, valuesOf } from './form-fields';
import { useServices } from '../../app/services';
import { useMakeStyles } from './make-page-shell';
import { useStageAct } from './use-stage';
import { Heading } from './detail-tab-parts';

export type { FormField, FormValues } from './form-fields';

/**
 * The form titled `label` (also its button), its values first the fields' own (then `initial`'s); `ready` enables
 * the button; `send` makes the request of the values (`request`: as the fields carry them) unless a field says
 * why it cannot be sent.
 */
export function ActionForm({
  label,
  fields,
  initial,
  ready,
  send,
  success,
  done,
  button,
  more,
}: {
  label: string;
  fields: readonly FormField[];
  initial?: FormValues;
  ready?(values: FormValues): boolean;
  send(values: FormValues, request: Record<string, unknown>): Promise<unknown>;
  success: string;
  done: () => void;
  /** The button's words when not the title's. */
  button?(values: FormValues): string;
  /** Buttons of the stage's own beside it. */
  more?: ReactNode;
}) {
  const styles = useMakeStyles();
  const { notifier } = useServices();
  const { busy, act } = useStageAct(done);
  const [values, change] = useFormValues(() => ({ ...valuesOf(fields), ...initial }));
  return (
    <section className={styles.card} aria-label={label}>
      <Heading>{label}</Heading>
      <div className={styles.fields}>
        <FormFields fields={fields} values={values} onChange={change} />
      </div>
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabled={busy || !(ready?.(values) ?? true)}
          onClick={() => {
            const problem = problemOf(fields, values);
            if (problem) notifier.error(problem);
            else void act(() => send(values, requestOf(fields, values)), success);
          }}
        >
          {button?.(values) ?? label}
        </Button>
        {more}
      </div>
    </section>
  );
}
