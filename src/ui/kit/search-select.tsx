// A searchable select over Fluent's Combobox with the SPEC §5, §9 select rules (select.ts): at most 50
// options are listed unless it is multi-select, the search text is cut to 100 characters, and with a
// remote search (onSearch) the text is sent 300 ms after the last keystroke; without one the options are
// filtered locally. The typed text is view state; the selection is controlled by the caller.
import { Combobox, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_UI_SIZE, REMOTE_SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import { filterOptions, limitSearchText, visibleOptions } from '../../domain/widgets/select';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface CommonProps {
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  validationMessage?: string;
  /** Remote search: called with the search text 300 ms after the last keystroke. */
  onSearch?: (text: string) => void;
}

export type SearchSelectProps = CommonProps &
  (
    | { multiple?: false; value: string | null; onChange: (value: string | null) => void }
    | { multiple: true; value: readonly string[]; onChange: (value: string[]) => void }
  );

export const NO_MATCH_TEXT = '无匹配数据';

const useStyles = makeStyles({
  empty: { padding: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
});

export function SearchSelect(props: SearchSelectProps) {
  const { label, options, placeholder, disabled, required, validationMessage, onSearch } = props;
  const styles = useStyles();
  const [query, setQuery] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const selected: string[] = props.multiple ? [...props.value] : props.value === null ? [] : [props.value];
  const selectedText = options
    .filter((o) => selected.includes(o.value))
    .map((o) => o.label)
    .join('、');
  const candidates = onSearch || query === null ? options : filterOptions(options, query, (o) => o.label);
  const shown = visibleOptions(candidates, props.multiple === true);

  const search = (raw: string) => {
    const text = limitSearchText(raw);
    setQuery(text);
    if (!onSearch) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(text), REMOTE_SEARCH_DEBOUNCE_MS);
  };

  return (
    <Field label={label} required={required} validationMessage={validationMessage}>
      <Combobox
        size={DEFAULT_UI_SIZE}
        multiselect={props.multiple === true}
        value={query ?? selectedText}
        selectedOptions={selected}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => search(e.target.value)}
        onOptionSelect={(_e, data) => {
          if (props.multiple) props.onChange(data.selectedOptions);
          else props.onChange(data.optionValue ?? null);
          setQuery(null);
        }}
        onOpenChange={(_e, data) => {
          if (!data.open) setQuery(null);
        }}
      >
        {shown.map((o) => (
          <Option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </Option>
        ))}
        {shown.length === 0 ? <div className={styles.empty}>{NO_MATCH_TEXT}</div> : null}
      </Combobox>
    </Field>
  );
}
