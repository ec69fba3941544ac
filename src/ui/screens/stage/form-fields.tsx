// A stage form's fields as data (推送's channel, 合同制作's factors, 签约补充's terms, a signer's name and phone, a
// signature box's page and corner, an upload): text, long text, a number, a choice among labelled options or files
// uploaded, each required or not, prefilled or not, shown only while the values call for it, a choice setting other
// values with it, and how the request carries what was typed (元 as 分, a day count as a number, '' as null).
// The fields read the values as text and hand back what was typed; the form's values give its request.
import { Field, Input, Select, Textarea, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { fenToWire } from '../../../domain/decimal/wire-fen';
import type { StoredFile } from '../../../application/ports/file-gateway.port';
import { formatFen, yuanToFen } from '../../../domain/format/money-format';
import { FileUpload } from '../../kit/upload/file-upload';

export type FormValues = Record<string, string>;

/** A field: its key in the values, its label, and its kind. */
export interface FormField<V = FormValues> {
  key: string;
  label: string;
  /**
   * A choice's options (code → words), after the words of choosing none (`empty`, the code ''); or files uploaded
   * through the file service (the extensions `upload` accepts, at most `limit`), the value their ids joined by ','.
   */
  kind:
    | 'text'
    | 'textarea'
    | 'decimal'
    | 'number'
    | { options: Readonly<Record<string, string>>; empty?: string }
    | { upload: string; limit: number };
  required?: boolean | ((values: V) => boolean);
  hint?: string;
  max?: number;
  disabled?: boolean;
  /** The value is a number (a page, a point), handed back as one; a `number` field's always is. */
  numeric?: boolean;
  /** Shown only while this holds. */
  shown?(values: V): boolean;
  /** What else a choice sets with it (the name a contract's type suggests). */
  sets?(value: string): FormValues;
  /** The text first shown (a factor prefilled from the business); '' without. */
  value?: string;
  /** The typed text as the request carries it under the key (undefined: left out); the text itself without. */
  wire?(typed: string): unknown;
  /** Why the typed text cannot be sent (said, and nothing sent); null when it can. */
  problem?(typed: string): string | null;
}

/** How a request carries typed text: 元 as 分, a whole number, trimmed, trimmed or null, or only when chosen. */
export const asFen = (typed: string) => fenToWire(yuanToFen(typed) ?? 0n);
/** 分 as 元 are typed (no 千分位), to prefill a field whose request carries 分; '' for none. */
export const yuanTyped = (fen: number | null) => (fen === null ? '' : formatFen(BigInt(fen)).replace(/,/g, ''));
export const asNumber = (typed: string) => Number(typed);
export const trimmed = (typed: string) => typed.trim();
export const orNull = (typed: string) => typed.trim() || null;
export const ifChosen = (typed: string) => typed || undefined;
export const asIds = (typed: string) => typed.split(',').filter(Boolean);

/** The form's first values: each field's prefilled text. */
export const valuesOf = (fields: readonly FormField[]): FormValues =>
  Object.fromEntries(fields.map((f) => [f.key, f.value ?? '']));

/** The first problem of the fields shown for `values`; null when there is none. */
export const problemOf = (fields: readonly FormField[], values: FormValues): string | null =>
  fields
    .filter((f) => f.shown?.(values) ?? true)
    .map((f) => f.problem?.(values[f.key] ?? '') ?? null)
    .find((p) => p !== null) ?? null;

/** The request of the fields shown for `values`: each one's text as it carries it. */
export function requestOf(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  const shown = fields.filter((f) => f.shown?.(values) ?? true);
  const pairs = shown.map((f) => [f.key, f.wire ? f.wire(values[f.key] ?? '') : (values[f.key] ?? '')] as const);
  return Object.fromEntries(pairs.filter(([, v]) => v !== undefined));
}

/** A form's values, and the change FormFields hands back merged into them. */
export function useFormValues<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState(initial);
  return [values, (patch: Partial<V>) => setValues((v) => ({ ...v, ...patch }) as V)] as const;
}

const useStyles = makeStyles({ number: { width: '96px' }, wide: { gridColumn: '1 / -1' } });

/** The fields shown for `values`, side by side in the caller's container; `onChange` gets the values changed. */
export function FormFields<V extends Readonly<Record<string, unknown>>>({
  fields,
  values,
  disabled,
  onChange,
}: {
  fields: readonly FormField<V>[];
  values: V;
  disabled?: boolean;
  onChange(patch: Partial<V>): void;
}) {
  const styles = useStyles();
  const field = (f: FormField<V>) => {
    const value = String(values[f.key] ?? '');
    const required = typeof f.required === 'function' ? f.required(values) : f.required;
    const off = !!(disabled || f.disabled);
    const numeric = f.numeric || f.kind === 'number';
    const set = (typed: string) =>
      onChange({ [f.key]: numeric ? Number(typed) : typed, ...f.sets?.(typed) } as Partial<V>);
    if (typeof f.kind === 'object' && 'upload' in f.kind) {
      const { upload, limit } = f.kind;
      const uploaded = (files: StoredFile[]) => set(files.map((file) => file.keyId).join(','));
      return (
        <div key={f.key} className={styles.wide}>
          <FileUpload label={f.label} accept={upload} limit={limit} onChange={uploaded} />
        </div>
      );
    }
    return (
      <Field key={f.key} label={f.label} required={required} {...(f.hint ? { hint: f.hint } : {})}>
        {typeof f.kind === 'object' ? (
          <Select value={value} disabled={off} onChange={(_, d) => set(d.value)}>
            {f.kind.empty !== undefined && <option value="">{f.kind.empty}</option>}
            {Object.entries(f.kind.options).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </Select>
        ) : f.kind === 'textarea' ? (
          <Textarea
            {...{ value, disabled: off }}
            {...(f.max ? { maxLength: f.max } : {})}
            resize="vertical"
            onChange={(_, d) => set(d.value)}
          />
        ) : (
          <Input
            {...{ value, disabled: off }}
            {...(f.max ? { maxLength: f.max } : {})}
            {...(f.kind === 'decimal' ? { inputMode: 'decimal' as const } : {})}
            {...(f.kind === 'number' ? { type: 'number' as const, className: styles.number } : {})}
            onChange={(_, d) => set(d.value)}
          />
        )}
      </Field>
    );
  };
  return <>{fields.filter((f) => f.shown?.(values) ?? true).map(field)}</>;
}
