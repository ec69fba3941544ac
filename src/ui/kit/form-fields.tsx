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

/** What goes to the Field, apart from what goes to its control. */
function splitField<P extends FieldPart & { label: string }>({
  label,
  required,
  hint,
  validationMessage,
  validationState,
  className,
  ...control
}: P) {
  return { field: { label, required, hint, validationMessage, validationState, className }, control };
}

export function TextField(props: TextFieldProps) {
  const {
    field,
    control: { onChange, ...input },
  } = splitField(props);
  return (
    <Field {...field}>
      <Input aria-label={field.label} {...input} onChange={onChange && ((_, d) => onChange(d.value))} />
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

export function SelectField(props: SelectFieldProps) {
  const {
    field,
    control: { value, choices, empty, onChange, selectClassName, disabled },
  } = splitField(props);
  return (
    <Field {...field}>
      <Select
        aria-label={field.label}
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
