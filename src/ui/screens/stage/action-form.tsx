// A stage's own move as a small form with its fields as data (推送's channel and 中登查询编号, 登记反馈's answer):
// text, long text or a choice among labelled options, each required or not, a field shown only while the values
// call for it. The form holds the typed text; the stage turns it into its request and the gateway decides.
import { Button, Field, Input, Select, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useMakeStyles } from './make-page-shell';
import { useStageAct } from './use-stage';

export type FormValues = Record<string, string>;

/** A field: its key in the values, its label, and its kind. */
export interface FormField {
  key: string;
  label: string;
  kind: 'text' | 'textarea' | 'decimal' | { options: Readonly<Record<string, string>> };
  required?: boolean | ((values: FormValues) => boolean);
  hint?: string;
  max?: number;
  /** Shown only while this holds. */
  shown?(values: FormValues): boolean;
}

/** The form titled `label` (also its button); `ready` enables the button; `send` makes the request. */
export function ActionForm({
  label,
  fields,
  initial,
  ready,
  send,
  success,
  done,
}: {
  label: string;
  fields: readonly FormField[];
  initial: FormValues;
  ready?(values: FormValues): boolean;
  send(values: FormValues): Promise<unknown>;
  success: string;
  done: () => void;
}) {
  const styles = useMakeStyles();
  const { busy, act } = useStageAct(done);
  const [values, setValues] = useState(initial);
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <section className={styles.card} aria-label={label}>
      <Text as="h2" size={400} weight="semibold">
        {label}
      </Text>
      <div className={styles.fields}>
        {fields
          .filter((f) => f.shown?.(values) ?? true)
          .map((f) => {
            const value = values[f.key] ?? '';
            const required = typeof f.required === 'function' ? f.required(values) : f.required;
            return (
              <Field key={f.key} label={f.label} required={required} {...(f.hint ? { hint: f.hint } : {})}>
                {typeof f.kind === 'object' ? (
                  <Select value={value} onChange={(_, d) => set(f.key, d.value)}>
                    {Object.entries(f.kind.options).map(([k, v]) => (
                      <option key={k} value={k}>
                        {v}
                      </option>
                    ))}
                  </Select>
                ) : f.kind === 'textarea' ? (
                  <Textarea value={value} resize="vertical" onChange={(_, d) => set(f.key, d.value)} />
                ) : (
                  <Input
                    value={value}
                    {...(f.max ? { maxLength: f.max } : {})}
                    {...(f.kind === 'decimal' ? { inputMode: 'decimal' as const } : {})}
                    onChange={(_, d) => set(f.key, d.value)}
                  />
                )}
              </Field>
            );
          })}
      </div>
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabled={busy || !(ready?.(values) ?? true)}
          onClick={() => act(() => send(values), success)}
        >
          {label}
        </Button>
      </div>
    </section>
  );
}
