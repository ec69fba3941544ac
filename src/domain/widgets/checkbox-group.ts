// SPEC §5 checkbox group: the number of checked boxes stays within min and max. At the max the unchecked
// boxes are disabled; at the min the checked ones are. A toggle that would break a bound changes nothing.
export interface CheckboxGroupRules {
  min?: number;
  max?: number;
}

/** The checked values after toggling one, or the same list when the toggle would break a bound. */
export function toggleChecked<T>(checked: readonly T[], value: T, rules: CheckboxGroupRules = {}): readonly T[] {
  if (checked.includes(value)) {
    if (rules.min !== undefined && checked.length <= rules.min) return checked;
    return checked.filter((v) => v !== value);
  }
  if (rules.max !== undefined && checked.length >= rules.max) return checked;
  return [...checked, value];
}

/** Whether a box is disabled by the count rule (its own disabled flag aside). */
export function isCheckboxLocked<T>(checked: readonly T[], value: T, rules: CheckboxGroupRules = {}): boolean {
  return toggleChecked(checked, value, rules) === checked;
}

/** Whether the count is within the bounds (for validating a whole value that came from elsewhere). */
export function checkedCountAllowed(count: number, rules: CheckboxGroupRules = {}): boolean {
  return (rules.min === undefined || count >= rules.min) && (rules.max === undefined || count <= rules.max);
}
