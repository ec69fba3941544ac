// @vitest-environment happy-dom
// A page whose record is read first: the read made once under the stage's api with the id the address names, the
// page drawn with what was read and 返回 beside its title, the words said when the address names none; and a
// section's read drawn by its children.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { stagesServing } from '../screen-test-support';
import { Heading } from './detail-tab-parts';
import { Loaded, loadedScreen } from './loaded-page';
import { StagePage } from './record-pages';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const ROUTES = { resource: { api: '/api/business/contracts', noun: '合同' } };

const Terms = loadedScreen(
  {
    ...{ routes: ROUTES, key: 'businessId', loading: '加载业务要素…', none: '请选择业务' },
    read: (get, id) => get<{ businessNo: string }>(`/${id}/terms`),
  },
  ({ record, id }) => (
    <StagePage title={`合同制作（${record.businessNo}）`} back="/list">
      <Heading>{`业务 ${id}`}</Heading>
    </StagePage>
  ),
);

function render(path: string) {
  const stages = stagesServing({ 'GET /b1/terms': () => ({ businessNo: 'RZ001' }), 'GET /x': () => ({ n: 2 }) });
  renderInFluent(
    <ServicesContext.Provider value={{ stages } as unknown as Services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/make" element={<Terms />} />
          <Route path="/list" element={<p>the list</p>} />
          <Route
            path="/section"
            element={
              <Loaded routes={ROUTES} read={(get) => get<{ n: number }>('/x')} loading="加载…">
                {(v) => <p>{`read ${v.n}`}</p>}
              </Loaded>
            }
          />
        </Routes>
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return stages;
}

describe('loadedScreen', () => {
  it('reads the record the address names, then draws the page with 返回 to where it says', async () => {
    render('/make?businessId=b1');
    expect(await screen.findByRole('heading', { name: '合同制作（RZ001）' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '业务 b1' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByText('the list')).toBeTruthy();
  });

  it('says its words when the address names no record', () => {
    render('/make');
    expect(screen.getByText('请选择业务')).toBeTruthy();
  });

  it('draws a section with what its read answered', async () => {
    render('/section');
    expect(await screen.findByText('read 2')).toBeTruthy();
  });
});
