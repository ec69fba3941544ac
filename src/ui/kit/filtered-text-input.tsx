// A text input that applies the SPEC §5 text filter (text-input-filter.ts): a keystroke or paste the filter
// rejects leaves the previous value (the controlled value simply does not change), over-long input is cut
// to the maximum, and the value -999 shows as empty. Multi-line kinds render a textarea.
import { Field, Input, Textarea } from '@fluentui/react-components';
import { DEFAULT_UI_SIZE } from '../../domain/constants';
import {
  filterTextInput,
  isMultiLine,
  normalizeTextValue,
  type TextInputKind,
} from '../../domain/text-input/text-input-filter';

export interface FilteredTextInputProps {
  label: string;
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  /** 'singleLine' unless set. */
  kind?: TextInputKind;
  /** Overrides the kind's default maximum (100 single-line, 2000 multi-line). */
  max?: number;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  validationMessage?: string;
}

export function FilteredTextInput({
  label,
  value,
  onChange,
  kind = 'singleLine',
  max,
  placeholder,
  disabled,
  required,
  validationMessage,
}: FilteredTextInputProps) {
  const shown = normalizeTextValue(value);
  const change = (next: string) => {
    const kept = filterTextInput(next, shown, { kind, max });
    if (kept !== shown) onChange(kept);
  };
  return (
    <Field label={label} required={required} validationMessage={validationMessage}>
      {isMultiLine(kind) ? (
        <Textarea
          size={DEFAULT_UI_SIZE}
          value={shown}
          placeholder={placeholder}
          disabled={disabled}
          resize="vertical"
          onChange={(_e, data) => change(data.value)}
        />
      ) : (
        <Input
          size={DEFAULT_UI_SIZE}
          value={shown}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(_e, data) => change(data.value)}
        />
      )}
    </Field>
  );
}
