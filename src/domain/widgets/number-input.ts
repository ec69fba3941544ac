// SPEC §5, §9 number input: values clamped to min and max and rounded to the precision, stepping by 1
// unless told otherwise. Arithmetic is decimal, so stepping 0.1 by 0.2 gives 0.3 and 1.005 at two places
// gives 1.01. As in the spec's widget, the value is rounded first and then clamped, so a bound is never
// crossed even when the bound itself has more places than the precision.
import { NUMBER_INPUT_STEP } from '../constants';
import {
  addDecimals,
  compareDecimals,
  decimalFromNumber,
  decimalToNumber,
  decimalToString,
  parseDecimal,
  roundDecimal,
  type Decimal,
} from '../decimal/decimal';

export interface NumberInputRules {
  min?: number;
  max?: number;
  /** Digits after the point; when unset, the most places of the value and the step. */
  precision?: number;
  /** 1 unless set. */
  step?: number;
}

export type NumberText = { ok: true; value: number | null } | { ok: false };

function places(d: Decimal): number {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return scale;
}

function clampDecimal(d: Decimal, rules: NumberInputRules): Decimal {
  const min = rules.min === undefined ? null : decimalFromNumber(rules.min);
  const max = rules.max === undefined ? null : decimalFromNumber(rules.max);
  if (max && compareDecimals(d, max) > 0) return max;
  if (min && compareDecimals(d, min) < 0) return min;
  return d;
}

function settle(d: Decimal, rules: NumberInputRules): number {
  const rounded = rules.precision === undefined ? d : roundDecimal(d, rules.precision);
  return decimalToNumber(clampDecimal(rounded, rules));
}

/** The value the input holds for a number: rounded to the precision, then kept within min and max. */
export function normalizeNumber(value: number, rules: NumberInputRules = {}): number | null {
  const d = decimalFromNumber(value);
  return d === null ? null : settle(d, rules);
}

/** Reads typed text: empty is "no value", a number is normalised, anything else is refused. */
export function readNumberText(text: string, rules: NumberInputRules = {}): NumberText {
  if (text.trim() === '') return { ok: true, value: null };
  if (!/^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(text)) return { ok: false };
  const d = parseDecimal(text);
  return d === null ? { ok: false } : { ok: true, value: settle(d, rules) };
}

/** `steps` whole steps (negative for down) from the value (an empty value counts as 0), exactly, normalised. */
function moveBy(value: number | null, steps: number, rules: NumberInputRules): number {
  const current = decimalFromNumber(value ?? 0) ?? { units: 0n, scale: 0 };
  const stepValue = decimalFromNumber(rules.step ?? NUMBER_INPUT_STEP) ?? { units: 1n, scale: 0 };
  const delta: Decimal = { units: stepValue.units * BigInt(steps), scale: stepValue.scale };
  const precision = rules.precision ?? Math.max(places(current), places(stepValue));
  return settle(addDecimals(current, delta), { ...rules, precision });
}

/** One step up (1) or down (−1) from the value (an empty value counts as 0), exactly, then normalised. */
export function stepNumber(value: number | null, direction: 1 | -1, rules: NumberInputRules = {}): number {
  return moveBy(value, direction, rules);
}

/**
 * The value after a spin control (buttons, arrow and page keys, Home and End) proposes `proposed`, which
 * it computed in floats: a proposed bound is taken as it is; otherwise the value moves exactly by the
 * whole number of steps the proposal lies away. An empty value starts from min, or 0, as the control does.
 */
export function spinNumber(value: number | null, proposed: number, rules: NumberInputRules = {}): number | null {
  if (proposed === rules.min || proposed === rules.max) return normalizeNumber(proposed, rules);
  const from = value ?? rules.min ?? 0;
  const steps = Math.round((proposed - from) / (rules.step ?? NUMBER_INPUT_STEP));
  if (!Number.isSafeInteger(steps)) return normalizeNumber(proposed, rules);
  return moveBy(from, steps, rules);
}

/** Whether the step button in that direction can move the value (disabled at the bound). */
export function canStep(value: number | null, direction: 1 | -1, rules: NumberInputRules = {}): boolean {
  if (value === null) return true;
  if (direction === 1) return rules.max === undefined || value < rules.max;
  return rules.min === undefined || value > rules.min;
}

/** The text the input shows for a value: the precision's places when set, plain notation always. */
export function numberDisplay(value: number | null, rules: NumberInputRules = {}): string {
  const d = value === null ? null : decimalFromNumber(value);
  if (d === null) return '';
  return decimalToString(rules.precision === undefined ? d : roundDecimal(d, rules.precision));
}
