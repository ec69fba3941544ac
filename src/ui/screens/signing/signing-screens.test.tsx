// @vitest-environment happy-dom
// 签约详情 by role and label: the record's facts, its signers in order with where each signs, its timeline and
// notices; 催签 sent under the version read when the gateway offers it, and 签署文件 opening the signed files.
// 申请线上签约: parties added up to four and removed down to two where 合同签章 set none, sent in their order.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { stagesServing } from '../screen-test-support';
import { ApplyOnlineSigningScreen, SigningDetailsScreen } from './signing-screens';

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

describe('申请线上签约', () => {
  it('adds parties of roles not yet chosen, up to four, and sends them in order', async () => {
    const waiting = [
      { keyId: 'b1', businessNo: 'RZ001', supplierName: '华东建材', state: 'SIGNING/DRAFT', version: 3 },
    ];
    const stages = stagesServing({
      'GET /waiting': () => waiting.map((b) => ({ ...b, actions: ['startOnline'] })),
      'GET /b1/signatories': () => ({ contracts: [{ signatories: null }] }),
      'POST /b1/online': () => ({ keyId: 's9' }),
    });
    const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
    renderInFluent(
      <ServicesContext.Provider value={{ stages, notifier } as unknown as Services}>
        <MemoryRouter initialEntries={['/business/applyOnlineSigning?businessId=b1']}>
          <Routes>
            <Route path="/business/applyOnlineSigning" element={<ApplyOnlineSigningScreen />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </ServicesContext.Provider>,
    );
    const add = await screen.findByRole('button', { name: '添加签署方' });
    const remove = screen.getByRole('button', { name: '移除最后一方' });
    expect(remove.hasAttribute('disabled')).toBe(true);
    await userEvent.click(add);
    await userEvent.click(add);
    expect(screen.getAllByRole('group', { name: /^第\d签署方$/ })).toHaveLength(4);
    expect(add.hasAttribute('disabled')).toBe(true);
    await userEvent.click(remove);
    const third = screen.getByRole('group', { name: '第3签署方' });
    expect(within(third).getByRole('combobox', { name: '第3签署方' }).textContent).toContain('项目公司');
    expect(screen.queryByRole('group', { name: '第4签署方' })).toBeNull();
    const people = [
      ['王建国', '13900000001'],
      ['李静', '13900000002'],
      ['赵敏', '13900000003'],
    ];
    for (const [i, [name, mobile]] of people.entries()) {
      const group = screen.getByRole('group', { name: `第${i + 1}签署方` });
      await userEvent.type(within(group).getByRole('textbox', { name: '签署人姓名' }), name as string);
      await userEvent.type(within(group).getByRole('textbox', { name: '签署人手机号' }), mobile as string);
    }
    await userEvent.click(screen.getByRole('button', { name: '发起签署' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已发起线上签约'));
    expect(stages.sent('POST', '/b1/online')).toEqual({
      version: 3,
      deadlineDays: 7,
      signers: [
        { order: 1, role: 'SUPPLIER', name: '王建国', mobile: '13900000001' },
        { order: 2, role: 'FACTOR', name: '李静', mobile: '13900000002' },
        { order: 3, role: 'PROJECT_COMPANY', name: '赵敏', mobile: '13900000003' },
      ],
    });
    expect(await screen.findByText('at /business/signingDetails?id=s9')).toBeTruthy();
  });
});
