// @vitest-environment happy-dom
// A record's card of facts: each fact under its name, what the gateway would refuse as alerts, what stands with it.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInFluent } from '../../kit/dialogs/dialog-test-support';
import { FactsCard } from './stage-parts';

afterEach(cleanup);

describe('FactsCard', () => {
  it('shows the facts, each refusal as an alert, and its children', () => {
    renderInFluent(
      <FactsCard label="推送概况" items={[['业务编号', 'YW001']]} problems={['请填写中登查询编号', '额度不足']}>
        <span>反馈地址</span>
      </FactsCard>,
    );
    expect(screen.getByRole('region', { name: '推送概况' })).toBeTruthy();
    expect(screen.getByText('YW001')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['请填写中登查询编号', '额度不足']);
    expect(screen.getByText('反馈地址')).toBeTruthy();
  });

  it('draws no alert when nothing is refused', () => {
    renderInFluent(<FactsCard label="放款概况" items={[]} problems={[]} />);
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });
});
