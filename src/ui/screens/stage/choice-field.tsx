// A choice among labelled options as a field (签署方, 页码 …): the codes the value takes, the words shown for each.
import { Field, Select } from '@fluentui/react-components';

/** The field `label` choosing among `options` (code → words); `onChange` gets the chosen code. */
export function ChoiceField({
  label,
  value,
  options,
  disabled,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  options: Readonly<Record<string, string>>;
  disabled?: boolean;
  /** The words of the empty choice, when none is chosen yet (the field is then required). */
  placeholder?: string;
  onChange(code: string): void;
}) {
  return (
    <Field label={label} required={!!placeholder}>
      <Select value={value} disabled={!!disabled} onChange={(_, d) => onChange(d.value)}>
        {placeholder && <option value="">{placeholder}</option>}
        {Object.entries(options).map(([code, words]) => (
          <option key={code} value={code}>
            {words}
          </option>
        ))}
      </Select>
    </Field>
  );
}
