// @vitest-environment happy-dom
// The kit's record pages by role and label: a stage's records under their columns with 详情 opening the details
// page of the record, the waiting businesses offering the caller the named move (none shown when none offer it),
// a record's events in time, and signed files with each signature's validity and the file's download.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { stagesServing } from '../screen-test-support';
import { EventTimeline, StagePage, StageRecords, WaitingBusinesses, textColumn } from './record-pages';
import { SignedFiles } from './signed-files';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const ROUTES = { resource: { api: '/api/business/signing', noun: '签约' } };

function Where() {
  const { pathname, search } = useLocation();
  return <p>{`at ${pathname}${search}`}</p>;
}

function render(page: React.ReactNode, answers: Record<string, () => unknown>) {
  const stages = stagesServing(answers);
  renderInFluent(
    <ServicesContext.Provider value={{ stages } as unknown as Services}>
      <MemoryRouter initialEntries={['/list']}>
        <Routes>
          <Route path="/list" element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return stages;
}

const waiting = (keyId: string, businessNo: string, actions: string[]) => ({
  ...{ keyId, businessNo, supplierName: '华东建材', state: 'SIGNING/WAIT_SIGN', version: 2, actions },
});

describe('the record pages', () => {
  it('lists the records the route answers, each 详情 opening its details page', async () => {
    const columns = [textColumn<{ keyId: string; no: string }>('编号', (r) => r.no, 150)];
    const spec = { routes: ROUTES, label: '签约记录', empty: '暂无', columns, openPath: '/details' };
    const stages = render(
      <StagePage title="签约管理">
        <StageRecords spec={spec} path="/b1/items" query={{ size: 100 }} />
      </StagePage>,
      { 'GET /b1/items': () => ({ records: [{ keyId: 's 1', no: 'QY001' }] }) },
    );
    expect(screen.getByRole('heading', { name: '签约管理' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '签约记录' });
    await within(table).findByText('QY001');
    expect(stages.sent('GET', '/b1/items')).toEqual({ size: 100 });
    await userEvent.click(within(table).getByRole('button', { name: '详情' }));
    expect(await screen.findByText('at /details?id=s%201')).toBeTruthy();
  });

  it('says the empty words when there are no records', async () => {
    const spec = { routes: ROUTES, label: '签约', empty: '尚未签约', columns: [], openPath: '/details' };
    render(<StageRecords spec={spec} />, { 'GET ': () => ({ records: [] }) });
    expect(await screen.findByText('尚未签约')).toBeTruthy();
  });

  it('shows the waiting businesses that offer the move, each opening the move with its business', async () => {
    render(
      <WaitingBusinesses routes={ROUTES} action="startOnline" label="待签约的业务" button="发起" path="/apply" />,
      {
        'GET /waiting': () => [waiting('b1', 'RZ001', ['startOnline']), waiting('b2', 'RZ002', ['signOffline'])],
      },
    );
    const table = await screen.findByRole('table', { name: '待签约的业务' });
    await within(table).findByText('RZ001');
    expect(within(table).queryByText('RZ002')).toBeNull();
    expect(within(table).getByText(/待签约/)).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: '发起' }));
    expect(await screen.findByText('at /apply?businessId=b1')).toBeTruthy();
  });

  it('shows nothing when no waiting business offers the move', async () => {
    const stages = render(
      <WaitingBusinesses routes={ROUTES} action="startOnline" label="待签约的业务" button="发起" path="/apply" />,
      { 'GET /waiting': () => [waiting('b2', 'RZ002', ['signOffline'])] },
    );
    await vi.waitFor(() => expect(stages.custom).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: '待签约的业务' })).toBeNull();
  });

  it('shows the events under their heading, each with its time', () => {
    render(<EventTimeline label="签约时间线" events={[{ at: '2026-11-29T08:30:00Z', text: '发起线上签约' }]} />, {});
    const table = screen.getByRole('table', { name: '签约时间线' });
    expect(within(table).getByText('发起线上签约')).toBeTruthy();
    expect(within(table).getByText(/2026-11-29/)).toBeTruthy();
  });
});

describe('signed files', () => {
  const file = (valid: boolean) => ({
    ...{ seq: 1, name: '保理合同', sha256: 'ab12' },
    signatures: [{ index: 1, signerName: '王建国', issuer: 'Demo CA', signedAt: null, valid, coversWholeFile: true }],
  });

  it('shows each signature as valid or not and downloads the file from its route', async () => {
    const stages = render(
      <SignedFiles routes={ROUTES} read="/record/s1/signatures" file={(n) => `/f/${n}`} empty="无" />,
      {
        'GET /record/s1/signatures': () => [file(false)],
        'GET /f/1': () => undefined,
      },
    );
    const table = await screen.findByRole('table', { name: '保理合同的签名' });
    expect(within(table).getByText('无效（文件已被改动）')).toBeTruthy();
    expect(within(table).getByText('整个文件')).toBeTruthy();
    expect(screen.getByText('SHA-256 ab12')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '下载已签署PDF' }));
    expect(stages.download).toHaveBeenCalledWith(ROUTES, '/f/1');
  });

  it('says the empty words before any file is signed', async () => {
    render(<SignedFiles routes={ROUTES} read="/r" file={(n) => `/f/${n}`} empty="签署完成后列出" />, {
      'GET /r': () => [],
    });
    expect(await screen.findByText('签署完成后列出')).toBeTruthy();
  });
});
