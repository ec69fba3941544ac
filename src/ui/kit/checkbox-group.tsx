// A group of checkboxes that keeps the number checked within min and max (SPEC §5, checkbox-group.ts):
// at the max the unchecked boxes are disabled, at the min the checked ones are.
import { Checkbox, Label, makeStyles, tokens, useId } from '@fluentui/react-components';
import { isCheckboxLocked, toggleChecked } from '../../domain/widgets/checkbox-group';

export interface CheckboxOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface CheckboxGroupProps {
  label: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
}

const useStyles = makeStyles({
  boxes: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
});

export function CheckboxGroup({ label, options, value, onChange, min, max, disabled }: CheckboxGroupProps) {
  const styles = useStyles();
  const labelId = useId('checkbox-group-label');
  const rules = { min, max };
  return (
    <div role="group" aria-labelledby={labelId}>
      <Label id={labelId} size="small">
        {label}
      </Label>
      <div className={styles.boxes}>
        {options.map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            checked={value.includes(option.value)}
            disabled={disabled || option.disabled || isCheckboxLocked(value, option.value, rules)}
            onChange={() => {
              const next = toggleChecked(value, option.value, rules);
              if (next !== value) onChange([...next]);
            }}
          />
        ))}
      </div>
    </div>
  );
}
