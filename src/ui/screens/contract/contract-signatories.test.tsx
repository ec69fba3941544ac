// @vitest-environment happy-dom
// 合同签章 by role and label: the contract's signatories proposed (the supplier first, then the factor, at the last
// page's foot), a box moved off the page named as the gateway would refuse it with 保存 disabled, a click on the
// page's outline placing the chosen signer's box, and 保存 sending the list with the contract's version; nothing
// editable once signing started.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BoxMessage, SIGNATURE_BOX } from '../../../domain/stage/signature-boxes';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { stagesServing } from '../screen-test-support';
import { SignatoriesScreen } from './contract-screens';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const view = (editable: boolean) => ({
  ...{ businessId: 'b1', businessNo: 'RZ202611290001', state: editable ? 'SIGNING/WAIT_SIGN' : 'SIGNING/SIGNING' },
  editable,
  contracts: [
    {
      ...{ keyId: 'c1', contractNo: 'HT202611290001', name: '保理合同', version: 3, contractVersion: 1 },
      ...{ fileId: 'f1', locked: false, signatories: null },
      pages: [
        { width: 600, height: 800 },
        { width: 600, height: 800 },
      ],
    },
  ],
});

const render = (editable: boolean) => {
  const stages = stagesServing({
    'GET /signatories/b1': () => view(editable),
    'PUT /signatories/contract/c1': () => view(editable).contracts[0],
  });
  const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
  renderInFluent(
    <ServicesContext.Provider value={{ stages, notifier } as unknown as Services}>
      <MemoryRouter initialEntries={['/business/contractFileMake/contractFileMakeSignature?businessId=b1']}>
        <SignatoriesScreen />
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { stages, notifier };
};

describe('合同签章', () => {
  it('refuses a box off the page, places one by a click, and saves the list with the version', async () => {
    const { stages, notifier } = render(true);
    await screen.findByRole('heading', { name: '合同签章（RZ202611290001）' });
    const first = screen.getByRole('group', { name: '第1签署方' });
    const x = first.querySelectorAll('input')[0] as HTMLInputElement;
    fireEvent.change(x, { target: { value: '500' } });
    expect(await screen.findByText(BoxMessage.offPage(2, 600, 800))).toBeTruthy();
    expect((screen.getByRole('button', { name: '保存签章设置' }) as HTMLButtonElement).disabled).toBe(true);
    // A click at the page's centre puts the first signer's box there, centred on the click.
    const sheet = screen.getByRole('img', { name: '第2页签章位置示意' });
    sheet.getBoundingClientRect = () => ({ left: 0, top: 0, width: 300, height: 400 }) as DOMRect;
    fireEvent.click(sheet, { clientX: 150, clientY: 200 });
    expect(x.value).toBe(String(300 - SIGNATURE_BOX.width / 2));
    await userEvent.click(screen.getByRole('button', { name: '保存签章设置' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('合同签章已保存'));
    expect(stages.sent('PUT', '/signatories/contract/c1')).toEqual({
      version: 3,
      signatories: [
        { order: 1, role: 'SUPPLIER', page: 2, x: 220, y: 400 - SIGNATURE_BOX.height / 2 },
        { order: 2, role: 'FACTOR', page: 2, x: 600 - SIGNATURE_BOX.width - 60, y: 800 - SIGNATURE_BOX.height - 80 },
      ],
    });
  });

  it('offers nothing to change once signing started', async () => {
    render(false);
    expect(await screen.findByText('签约已发起或已完成，签章设置不能修改')).toBeTruthy();
    expect((screen.getByRole('button', { name: '保存签章设置' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
