// Filling 尽调报告's eight-step stepper in the browser, as risk1 would, for the specs that walk a business through
// the report: each step's required fields typed within the proposal's limits (3.80%–5.50%, the amount applied
// for), moving on by the step's tab (which saves the step left).
import type { Locator, Page } from 'playwright-core';
import { REPORT_STEPS, type ReportField, type ReportStepKey } from '../../../src/domain/financing/report';

/** What risk1 types into a required field; null for a field left empty. */
export function typed(step: string, f: ReportField): string | null {
  if (f.required === false) return null;
  if (f.options) return 'option';
  if (f.type === 'date') return step === 'CREDIT' ? '2026-10-20' : '2025-12-31';
  if (f.type === 'textarea') return `${f.label}：经实地调查核实，情况正常`;
  if (f.key === 'proposedAmount') return '100000';
  // Rates and ratios are typed as percentages, as people write them.
  if (f.key === 'proposedRate') return '4.5';
  if (f.key === 'proposedFinancingRatio') return '80';
  if (f.key === 'proposedTermDays') return '90';
  if (f.type === 'money') return f.key === 'inventory' ? '300000' : '1000000';
  return null;
}

/** The field's accessible name: money fields say their unit. */
export const labelOf = (f: ReportField) => new RegExp(`^${f.type === 'money' ? `${f.label}（元）` : f.label}`);

/**
 * Types every step on the open stepper; `onStep` runs on each step's region after its fields are typed (a
 * spec's own checks and screenshots).
 */
export async function fillReportSteps(
  page: Page,
  onStep: (key: ReportStepKey, region: Locator) => Promise<void> = async () => undefined,
): Promise<void> {
  for (const [index, step] of REPORT_STEPS.entries()) {
    if (index > 0) await page.getByRole('tab', { name: new RegExp(`^${index + 1}\\. ${step.title}`) }).click();
    const region = page.getByRole('region', { name: step.title, exact: true });
    await region.waitFor();
    for (const f of step.fields) {
      const value = typed(step.key, f);
      if (value === null) continue;
      const input = region.getByLabel(labelOf(f));
      if (value === 'option') await input.selectOption({ index: 1 });
      else await input.fill(value);
    }
    await onStep(step.key, region);
  }
}
