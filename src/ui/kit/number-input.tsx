// A number input over Fluent's SpinButton that applies the SPEC §5, §9 number rules (number-input.ts):
// typed text is read, rounded to the precision and clamped when it is committed (Enter or blur), text
// that is not a number puts the last value back, and the buttons and arrow keys step exactly.
import { Field, SpinButton } from '@fluentui/react-components';
import { DEFAULT_UI_SIZE, NUMBER_INPUT_STEP } from '../../domain/constants';
import { numberDisplay, readNumberText, spinNumber, type NumberInputRules } from '../../domain/widgets/number-input';

export interface NumberInputProps extends NumberInputRules {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
  required?: boolean;
  validationMessage?: string;
}

export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  precision,
  step = NUMBER_INPUT_STEP,
  disabled,
  required,
  validationMessage,
}: NumberInputProps) {
  const rules: NumberInputRules = { min, max, precision, step };
  return (
    <Field label={label} required={required} validationMessage={validationMessage}>
      <SpinButton
        size={DEFAULT_UI_SIZE}
        value={value}
        displayValue={numberDisplay(value, rules)}
        min={min}
        max={max}
        step={step}
        stepPage={step * 10}
        precision={precision}
        disabled={disabled}
        onChange={(_e, data) => {
          if (data.value !== undefined && data.value !== null) {
            onChange(spinNumber(value, data.value, rules));
            return;
          }
          const read = readNumberText(data.displayValue ?? '', rules);
          if (read.ok && read.value !== value) onChange(read.value);
        }}
      />
    </Field>
  );
}
