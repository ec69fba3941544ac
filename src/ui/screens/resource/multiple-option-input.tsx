// A `multiple` enum field of a resource form: one checkbox an option, the value the chosen codes joined by
// commas in the options' order (the definition's wire value), so the form's checks stay the definition's.
import { Checkbox, FieldContextProvider, makeStyles, tokens } from '@fluentui/react-components';
import { type FieldDef, chosenOptions, joinOptions } from '../../../domain/resource/resource';

const useStyles = makeStyles({
  boxes: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
});

export function MultipleOptionInput({
  field,
  text,
  onChange,
}: {
  field: FieldDef;
  text: string;
  onChange: (text: string) => void;
}) {
  const styles = useStyles();
  const chosen = text ? (chosenOptions(field, text) ?? []) : [];
  return (
    // The boxes stay out of the Field's context: it would hand every box the Field's one id (each label would
    // tick the first box), its label as their name, and a required mark each (the field as a whole is required).
    <FieldContextProvider value={undefined}>
      <div className={styles.boxes} role="group" aria-label={field.label}>
        {Object.entries(field.options ?? {}).map(([value, label]) => (
          <Checkbox
            key={value}
            label={label}
            checked={chosen.includes(value)}
            onChange={(_, d) =>
              onChange(joinOptions(field, d.checked ? [...chosen, value] : chosen.filter((c) => c !== value)))
            }
          />
        ))}
      </div>
    </FieldContextProvider>
  );
}
