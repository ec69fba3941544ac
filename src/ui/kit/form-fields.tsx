// A form's labelled field as the make pages write it: Fluent's Field (label, * when required, hint, the
// message under it) around an Input or a Select, the control named as its label. The pages kept assembling
// the pair, the select's first "请选择" option and the map of its options by hand.
import { Field, type FieldProps, Input, type InputProps, Select, type SelectProps } from '@fluentui/react-components';

/** What the field around the control says and how it sits in the form's grid. */
type FieldPart = Pick<
  FieldProps,
  'label' | 'required' | 'hint' | 'validationMessage' | 'validationState' | 'className'
>;

/** One choice of a select: the value sent, the words shown. */
export interface Choice {
  value: string;
  label: string;
}

export type TextFieldProps = FieldPart & {
  label: string;
  value: string;
  /** The typed text; a field without it is read only. */
  onChange?: (value: string) => void;
} & Omit<InputProps, 'value' | 'onChange' | 'className'>;

export function TextField({
  label,
  required,
  hint,
  validationMessage,
  validationState,
  className,
  onChange,
  ...input
}: TextFieldProps) {
  return (
    <Field {...{ label, required, hint, validationMessage, validationState, className }}>
      <Input aria-label={label} {...input} onChange={onChange && ((_, d) => onChange(d.value))} />
    </Field>
  );
}

export type SelectFieldProps = FieldPart & {
  label: string;
  value: string;
  choices: readonly Choice[];
  /** The first option, worth '' (请选择…); none when the field always holds a choice. */
  empty?: string | undefined;
  onChange: (value: string) => void;
  /** The select's own class (its width inside the field). */
  selectClassName?: string | undefined;
} & Pick<SelectProps, 'disabled'>;

export function SelectField({
  label,
  required,
  hint,
  validationMessage,
  validationState,
  className,
  value,
  choices,
  empty,
  onChange,
  selectClassName,
  disabled,
}: SelectFieldProps) {
  return (
    <Field {...{ label, required, hint, validationMessage, validationState, className }}>
      <Select
        aria-label={label}
        className={selectClassName}
        value={value}
        disabled={disabled}
        onChange={(_, d) => onChange(d.value)}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
