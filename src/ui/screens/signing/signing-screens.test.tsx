// @vitest-environment happy-dom
// 签约详情 by role and label: the record's facts, its signers in order with where each signs, its timeline and
// notices; 催签 sent under the version read when the gateway offers it, and 签署文件 opening the signed files.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { stagesServing } from '../screen-test-support';
import { SigningDetailsScreen } from './signing-screens';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const signer = (order: number, role: string, name: string, channel: string, statusLabel: string) => ({
  ...{ order, role, organization: '', name, channel, statusLabel, signedAt: null },
});
const detail = {
  record: {
    ...{ keyId: 's1', businessId: 'b1', signNo: 'QY001', kindLabel: '线上签约', statusLabel: '签约中' },
    ...{
      providerFlowId: 'F1',
      providerStatusLabel: '签署中',
      deadline: null,
      progress: '1/2',
      documents: [{ seq: 1 }],
    },
    ...{ originalsReceivedOn: null, reason: null, version: 4, businessNo: 'RZ001', businessState: 'SIGNING/SIGNING' },
    signers: [signer(1, 'SUPPLIER', '王建国', 'BACK_OFFICE', '已签'), signer(2, 'FACTOR', '李静', 'PAGE', '待签')],
    timeline: [{ at: '2026-11-29T08:00:00Z', text: '发起线上签约' }],
  },
  notices: [{ at: '2026-11-29T08:00:00Z', mobile: '13900000002', text: '请签署' }],
  mySignerOrder: null,
  business: { version: 7, actions: [] },
  actions: ['remind'],
};

function Where() {
  const { pathname, search } = useLocation();
  return <p>{`at ${pathname}${search}`}</p>;
}

describe('签约详情', () => {
  it('shows the record, reminds under the version read, and opens the signed files', async () => {
    const stages = stagesServing({ 'GET /record/s1': () => detail, 'POST /items/s1/transition': () => ({}) });
    const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
    renderInFluent(
      <ServicesContext.Provider value={{ stages, notifier } as unknown as Services}>
        <MemoryRouter initialEntries={['/business/signingDetails?id=s1']}>
          <Routes>
            <Route path="/business/signingDetails" element={<SigningDetailsScreen />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </ServicesContext.Provider>,
    );
    expect(await screen.findByRole('heading', { name: '签约详情（QY001）' })).toBeTruthy();
    const signers = screen.getByRole('table', { name: '签署方' });
    expect(within(signers).getByText('本系统（验证码）')).toBeTruthy();
    expect(within(signers).getByText('签署服务页面')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: '签约时间线' })).getByText('发起线上签约')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: '通知记录' })).getByText('13900000002')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '签署' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '催签' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已催签'));
    expect(stages.sent('POST', '/items/s1/transition')).toEqual({ action: 'remind', version: 4 });
    await userEvent.click(await screen.findByRole('button', { name: '签署文件' }));
    expect(await screen.findByText('at /business/signFileDetails?id=s1')).toBeTruthy();
  });
});
