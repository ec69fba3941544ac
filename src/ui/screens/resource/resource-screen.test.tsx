// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { createActor, setup } from 'xstate';
import type { RefOption, ResourceGateway } from '../../../application/ports/resource-gateway.port';
import { CERTIFICATE, ENTERPRISE_CERTIFICATION } from '../../../domain/certification/certification.resource';
import type { ResourceDef, ResourceRecord } from '../../../domain/resource/resource';
import { SUPPLIER_LOCK } from '../../../domain/risk/locks.resource';
import { NEGATIVE_OPINION } from '../../../domain/risk/negative-opinion.resource';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { ResourceScreen } from './resource-screen';
import { menu } from '../screen-test-support';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const clock = { now: () => new Date() };
const ENTERPRISE = {
  keyId: 'e1',
  status: 'PENDING',
  version: 1,
  enterpriseName: '华东建材有限公司',
  creditCode: '91440300708461136T',
  legalPerson: '王建国',
  reviewerName: null,
  reviewTime: null,
  comment: null,
  createTime: '2026-01-01T00:00:00Z',
} as ResourceRecord;
const CERT = {
  keyId: 'c1',
  status: 'VALID',
  version: 1,
  certNo: 'ZS2026000000000001',
  holderType: 'ENTERPRISE',
  holderName: '华东建材有限公司',
  idNumber: '9144**********136T',
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2028-01-01T00:00:00Z',
  comment: null,
  createTime: '2026-01-01T00:00:00Z',
} as ResourceRecord;
const LOCK = {
  keyId: 'l1',
  status: 'LOCKED',
  version: 1,
  supplierId: '1100000000000000011',
  supplierIdName: '华东建材有限公司',
  scope: 'NEW_APPLICATION',
  reason: '涉诉待核实',
  expiresAt: null,
} as ResourceRecord;
const SUPPLIERS = [
  { keyId: '1100000000000000011', name: '华东建材有限公司' },
  { keyId: '1100000000000000012', name: '江苏恒固钢结构工程有限公司' },
];
const OPINION = {
  keyId: 'o1',
  status: 'PENDING',
  version: 2,
  enterpriseName: '华东建材有限公司',
  title: '被列为被执行人',
  source: '裁判文书网',
  riskLevel: 'HIGH',
  publishedOn: '2026-11-02',
  url: null,
  summary: null,
  handling: null,
} as ResourceRecord;

function renderScreen(def: ResourceDef, row: ResourceRecord, codes: string[], choices: RefOption[] = []) {
  const resources = {
    page: vi.fn(async () => ({ records: [row], total: 1, current: 1, size: 10 })),
    get: vi.fn(async () => row),
    create: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(async () => undefined),
    transition: vi.fn(async () => row),
    exportList: vi.fn(async () => `${def.title}.xlsx`),
    options: vi.fn(async () => choices),
    history: vi.fn(async () => []),
  } satisfies ResourceGateway;
  const menus = [menu(def.menuPath, codes)];
  const session = createActor(setup({}).createMachine({ context: { menus } })).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <ServicesContext.Provider value={{ session, resources, notifier, clock } as unknown as Services}>
      <MemoryRouter>
        <ResourceScreen def={def} />
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { resources, notifier };
}

describe('the generic resource screen', () => {
  it('shows a reader the row with 查看 only: no write, review or export button without its code', async () => {
    renderScreen(ENTERPRISE_CERTIFICATION, ENTERPRISE, []);
    const row = await screen.findByRole('row', { name: /华东建材有限公司/ });
    expect(row.textContent).toContain('待审核');
    expect(screen.getByRole('button', { name: '查看' })).toBeTruthy();
    for (const name of ['新增认证', '通过', '驳回', '导出', '编辑', '删除'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('offers each action of the table with its own operation code', async () => {
    renderScreen(ENTERPRISE_CERTIFICATION, ENTERPRISE, ['examine']);
    await screen.findByRole('row', { name: /华东建材有限公司/ });
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '驳回' })).toBeNull();
    cleanup();
    renderScreen(CERTIFICATE, CERT, ['add', 'delete', 'export']);
    await screen.findByRole('row', { name: /ZS2026000000000001/ });
    for (const name of ['申请证书', '吊销', '导出']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('shows money, enums and dates as a person reads them', async () => {
    renderScreen(NEGATIVE_OPINION, OPINION, []);
    const row = await screen.findByRole('row', { name: /被列为被执行人/ });
    expect(row.textContent).toContain('高');
    expect(row.textContent).toContain('2026-11-02');
    expect(row.textContent).toContain('待处理');
  });

  it('asks before deleting, then deletes with the version read', async () => {
    const user = userEvent.setup();
    const { resources } = renderScreen(NEGATIVE_OPINION, OPINION, ['delete']);
    await screen.findByRole('row', { name: /被列为被执行人/ });
    await user.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除负面舆情' });
    expect(dialog.textContent).toContain('确定删除 被列为被执行人 的负面舆情吗？');
    expect(resources.remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(resources.remove).toHaveBeenCalledWith(NEGATIVE_OPINION, 'o1', 2));
  });

  it('shows the organisation a record points at by name, and offers the organisations by name', async () => {
    const user = userEvent.setup();
    const { resources } = renderScreen(SUPPLIER_LOCK, LOCK, ['lock'], SUPPLIERS);
    const row = await screen.findByRole('row', { name: /涉诉待核实/ });
    expect(row.textContent).toContain('华东建材有限公司');
    expect(row.textContent).not.toContain('1100000000000000011');
    await user.click(screen.getByRole('button', { name: '锁定供应商' }));
    const picker = (await screen.findByRole('combobox', { name: '供应商' })) as HTMLSelectElement;
    await vi.waitFor(() => expect(picker.options).toHaveLength(3));
    expect([...picker.options].map((o) => o.text)).toEqual(['请选择供应商', ...SUPPLIERS.map((s) => s.name)]);
    expect(picker.value).toBe('');
    expect(picker.disabled).toBe(false);
    expect(resources.options).toHaveBeenCalledWith(SUPPLIER_LOCK, 'supplierId');
  });

  it("fills and fixes the supplier when the only one offered is the user's own", async () => {
    const user = userEvent.setup();
    renderScreen(SUPPLIER_LOCK, LOCK, ['lock'], SUPPLIERS.slice(0, 1));
    await screen.findByRole('row', { name: /涉诉待核实/ });
    await user.click(screen.getByRole('button', { name: '锁定供应商' }));
    const picker = (await screen.findByRole('combobox', { name: '供应商' })) as HTMLSelectElement;
    await vi.waitFor(() => expect(picker.value).toBe(SUPPLIERS[0]!.keyId));
    expect(picker.disabled).toBe(true);
  });
});
