// @vitest-environment happy-dom
// 业务详情's 附件: the files grouped by stage and field with their real size, uploader and time; a name opens
// 文件预览; 下载全部附件 only with its code, waiting while the zip is made (a second press makes no second zip),
// and a refused zip leaves the tab usable with no uncaught error; a file without bytes says so.
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { BusinessAttachment } from '../../../domain/financing/attachments';
import type { BusinessDetail } from '../../../domain/financing/business-list';
import { formatDateTime } from '../../../domain/format/date-format';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { AttachmentsDetailTab } from './attachments-detail-tab';
import { BUSINESS_DETAIL_PATH } from './business-manage-screen';
import { menu } from '../screen-test-support';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const FILES: BusinessAttachment[] = [
  {
    keyId: 'f1',
    name: '营业执照.png',
    size: 204_800,
    contentType: 'image/png',
    extension: 'png',
    stage: 'APPLICATION',
    group: '营业执照',
    uploaderName: '业务经办',
    uploadedAt: '2026-11-20T02:30:00.000Z',
    missing: false,
  },
  {
    keyId: 'f2',
    name: '基础交易合同.pdf',
    size: 1_572_864,
    contentType: 'application/pdf',
    extension: 'pdf',
    stage: 'APPLICATION',
    group: '基础交易合同',
    uploaderName: '业务经办',
    uploadedAt: '2026-11-20T02:31:00.000Z',
    missing: false,
  },
  {
    keyId: 'f3',
    name: '核查意见.pdf',
    size: 10_240,
    contentType: 'application/pdf',
    extension: 'pdf',
    stage: 'PRE_CREDIT',
    group: '退回',
    uploaderName: '周敏',
    uploadedAt: '2026-11-19T08:00:00.000Z',
    missing: true,
  },
];

function Where() {
  const location = useLocation();
  return <output aria-label="当前地址">{`${location.pathname}${location.search}`}</output>;
}

function render(codes: string[], zip: () => Promise<string> = async () => 'RZ1全部附件.zip') {
  const business = {
    attachments: vi.fn(async () => FILES),
    downloadAttachments: vi.fn(zip),
  };
  const files = { download: vi.fn(async () => '营业执照.png') };
  const session = createActor(setup({}).createMachine({ context: { menus: [menu(BUSINESS_DETAIL_PATH, codes)] } }));
  session.start();
  renderInFluent(
    <MemoryRouter initialEntries={[BUSINESS_DETAIL_PATH]}>
      <ServicesContext.Provider value={{ session, business, files } as unknown as Services}>
        <Routes>
          <Route
            path={BUSINESS_DETAIL_PATH}
            element={<AttachmentsDetailTab detail={{ keyId: 'b1' } as BusinessDetail} />}
          />
          <Route path="/preView/preViewMain" element={<Where />} />
        </Routes>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return { business, files };
}

describe('业务详情 · 附件', () => {
  it('lists every file by stage and field with size, uploader and time; a file without bytes says so', async () => {
    const { business } = render(['export']);
    const license = await screen.findByRole('table', { name: '融资申请 营业执照 附件' });
    expect(business.attachments).toHaveBeenCalledWith('b1');
    const row = within(license).getByRole('row', { name: /营业执照\.png/ });
    expect(row.textContent).toContain('200KB');
    expect(row.textContent).toContain('业务经办');
    expect(row.textContent).toContain(formatDateTime(FILES[0]!.uploadedAt));
    expect(within(row).getByRole('link', { name: '预览' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: '下载 营业执照.png' })).toBeTruthy();
    const contract = screen.getByRole('table', { name: '融资申请 基础交易合同 附件' });
    expect(within(contract).getByRole('row', { name: /基础交易合同\.pdf/ }).textContent).toContain('1.5MB');
    // Stages stand in the table's order: the pre-credit's move before the application's documents.
    const headings = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(headings).toEqual(['预授信 · 退回', '融资申请 · 营业执照', '融资申请 · 基础交易合同']);
    const missing = within(screen.getByRole('table', { name: '预授信 退回 附件' })).getByRole('row', {
      name: /核查意见/,
    });
    expect(missing.textContent).toContain('文件内容缺失');
    expect(within(missing).queryByRole('link')).toBeNull();
    expect(within(missing).queryByRole('button')).toBeNull();
    expect(screen.getByText('共3个附件')).toBeTruthy();
  });

  it('opens 文件预览 when a file name is clicked, and downloads one file from its row', async () => {
    const user = userEvent.setup();
    const { files } = render([]);
    const table = await screen.findByRole('table', { name: '融资申请 营业执照 附件' });
    await user.click(within(table).getByRole('button', { name: '下载 营业执照.png' }));
    expect(files.download).toHaveBeenCalledWith('f1');
    await user.click(within(table).getByRole('link', { name: '营业执照.png' }));
    expect((await screen.findByRole('status', { name: '当前地址' })).textContent).toBe('/preView/preViewMain?keyId=f1');
  });

  it('offers 下载全部附件 only with its code, and waits while the zip is made', async () => {
    const user = userEvent.setup();
    render([]);
    await screen.findByRole('table', { name: '融资申请 营业执照 附件' });
    expect(screen.queryByRole('button', { name: /下载全部附件/ })).toBeNull();
    cleanup();
    let finish: (name: string) => void = () => undefined;
    const { business } = render(['export'], () => new Promise<string>((resolve) => (finish = resolve)));
    const button = await screen.findByRole('button', { name: '下载全部附件' });
    await user.click(button);
    const busy = await screen.findByRole('button', { name: /正在打包/ });
    expect(busy.hasAttribute('disabled') || busy.getAttribute('aria-disabled') === 'true').toBe(true);
    await user.click(busy);
    expect(business.downloadAttachments).toHaveBeenCalledTimes(1);
    expect(business.downloadAttachments).toHaveBeenCalledWith('b1');
    await act(async () => finish('RZ1全部附件.zip'));
    expect(await screen.findByRole('button', { name: '下载全部附件' })).toBeTruthy();
  });

  it('stays usable after a refused zip (the gateway message is the HTTP client’s to show)', async () => {
    const user = userEvent.setup();
    const { business } = render(['export'], async () => {
      throw new Error('以下附件的文件内容缺失，无法打包下载：核查意见.pdf');
    });
    await user.click(await screen.findByRole('button', { name: '下载全部附件' }));
    await vi.waitFor(() => expect(business.downloadAttachments).toHaveBeenCalledTimes(1));
    const again = await screen.findByRole('button', { name: '下载全部附件' });
    expect(again.hasAttribute('disabled')).toBe(false);
  });
});
