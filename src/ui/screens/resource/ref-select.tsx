// A reference field of a resource form (an organisation, a project…): one of the rows the gateway offers for
// it, by name, so the form never asks for an id.
import { Select } from '@fluentui/react-components';
import type { RefOption } from '../../../application/ports/resource-gateway.port';
import type { FieldDef } from '../../../domain/resource/resource';

export function RefSelect({
  field,
  value,
  options,
  fixed = false,
  onChange,
}: {
  field: FieldDef;
  value: string;
  options: readonly RefOption[];
  /** The only choice there is, shown, not chosen (a supplier user's own company). */
  fixed?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Select aria-label={field.label} value={value} disabled={fixed} onChange={(_, d) => onChange(d.value)}>
      <option value="">{`请选择${field.label}`}</option>
      {options.map((o) => (
        <option key={o.keyId} value={o.keyId}>
          {o.name}
        </option>
      ))}
    </Select>
  );
}
