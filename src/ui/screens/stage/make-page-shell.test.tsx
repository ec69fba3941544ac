// @vitest-environment happy-dom
// The stage kit's make page frame: the reason a returned item came back and the last comment stand at the top,
// 返回 with unsaved changes asks first, and leaving the page by any way but its own buttons (the browser's back,
// another tag) takes its sublevel mark down, so the next 申请预授信 or 编辑 opens it at the first click.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import type { MakeSpec } from '../../../application/stage/make-page.machine';
import type { BusinessEventView } from '../../../domain/financing/business-list';
import { PRE_CREDIT_STAGE } from '../../../domain/financing/pre-credit';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { MakePageShell, useMakePage } from './make-page-shell';
import { menu } from '../screen-test-support';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const LIST = '/business/preCreditApplicationManage';
const MAKE = '/business/applyForRufs';

interface Rec extends StageRecord {
  amount: number;
}

const event = (over: Partial<BusinessEventView>): BusinessEventView => ({
  keyId: 'e1',
  stage: 'PRE_CREDIT',
  fromState: 'PRE_CREDIT/PENDING',
  toState: 'PRE_CREDIT/RETURNED',
  fromLabel: '预授信·待审核',
  toLabel: '预授信·已退回',
  action: 'return',
  actionLabel: '退回',
  level: 2,
  actorId: 'u9',
  actorName: '陈静',
  actorRole: '风控经理',
  comment: '请补充付款单发票',
  fileIds: [],
  at: '2026-11-25T02:00:00Z',
  ...over,
});

const spec: MakeSpec<Rec, { amount: string }, { amount: number }> = {
  stage: 'PRE_CREDIT',
  open: async (keyId) => ({
    record: keyId ? { keyId, version: 2, status: 'RETURNED', state: 'PRE_CREDIT/RETURNED', amount: 5 } : null,
    extra: undefined,
  }),
  valuesOf: (r) => ({ amount: r ? String(r.amount) : '' }),
  read: (v) => (v.amount ? { body: { amount: Number(v.amount) } } : { errors: { amount: '请输入金额' } }),
  save: async (r, b) => ({ keyId: r?.keyId ?? 'b1', version: 3, status: 'DRAFT', amount: b.amount }),
};

function Form({ keyId }: { keyId: string }) {
  const page = useMakePage(PRE_CREDIT_STAGE, spec, keyId);
  return (
    <MakePageShell def={PRE_CREDIT_STAGE} page={page} title="申请预授信">
      <input
        aria-label="金额"
        value={page.context.values.amount ?? ''}
        onChange={(e) => page.edit({ amount: e.target.value })}
      />
      <Link to={LIST}>预授信申请管理</Link>
    </MakePageShell>
  );
}

function render(keyId: string, events: BusinessEventView[] = []) {
  const menus = [menu(LIST, ['add', 'edit']), menu(MAKE, ['submit'])];
  const session = createActor(setup({}).createMachine({ context: { menus, user: { userId: 'u1' } } })).start();
  const store = { removeFlag: vi.fn(), getFlag: vi.fn(() => '1'), setFlag: vi.fn() };
  const stages = { events: vi.fn(async () => events), transition: vi.fn(async () => {}) };
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <MemoryRouter initialEntries={[`${MAKE}${keyId ? `?id=${keyId}` : ''}`]}>
      <ServicesContext.Provider value={{ session, store, stages, notifier } as unknown as Services}>
        <Routes>
          <Route path={MAKE} element={<Form keyId={keyId} />} />
          <Route path={LIST} element={<h1>预授信申请管理</h1>} />
        </Routes>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return { store, stages };
}

describe('make page shell', () => {
  it('shows why a returned item came back, and an earlier comment, at the top', async () => {
    const earlier = event({
      keyId: 'e0',
      toState: 'PRE_CREDIT/PENDING',
      action: 'withdraw',
      actionLabel: '撤回',
      comment: '金额改小',
      level: null,
      actorName: '王经办',
    });
    const { stages } = render('b1', [earlier, event({})]);
    const reason = await screen.findByLabelText('退回原因');
    expect(stages.events).toHaveBeenCalledWith('b1');
    expect(reason.textContent).toContain('请补充付款单发票');
    expect(reason.textContent).toContain('陈静 · 退回（第2级）');
    expect(screen.queryByLabelText('最新意见')).toBeNull();
  });

  it('asks before 返回 drops unsaved changes', async () => {
    render('');
    await userEvent.type(await screen.findByLabelText('金额'), '12');
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    const ask = await screen.findByRole('alertdialog', { hidden: true }, { timeout: 15_000 });
    expect(ask.textContent).toContain('有未保存的修改');
    await userEvent.click(screen.getByRole('button', { name: '离开', hidden: true }));
    await screen.findByRole('heading', { name: '预授信申请管理' });
  });

  it('takes the sublevel mark down when the page is left by a link, the back button or a tag', async () => {
    const { store } = render('');
    await screen.findByLabelText('金额');
    expect(store.removeFlag).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: '预授信申请管理' }));
    await screen.findByRole('heading', { name: '预授信申请管理' });
    expect(store.removeFlag).toHaveBeenCalledWith('sublevel');
  });
});
