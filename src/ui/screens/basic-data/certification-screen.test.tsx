// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { CertificationGateway } from '../../../application/ports/certification-gateway.port';
import { CERTIFICATE_PATH, ENTERPRISE_CERTIFICATION_PATH, type CertificationRecord } from '../../../domain/certification/certification';
import type { ServerMenuItem } from '../../../domain/menu/menu';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { CertificateManagementScreen, EnterpriseCertificationScreen } from './certification-screen';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const BASE: CertificationRecord = {
  keyId: 'e1', certNo: '', holderType: '', name: '华东建材有限公司', idNumber: '91440300708461136T', legalPerson: '王建国', mobile: '', status: 'PENDING',
  validFrom: '', validTo: '', comment: '', reviewerName: '', reviewTime: '', version: 1, createTime: '2026-01-01T00:00:00Z',
};
const CERT: CertificationRecord = { ...BASE, keyId: 'c1', certNo: 'ZS2026000000000001', holderType: 'ENTERPRISE', legalPerson: '', status: 'VALID', validFrom: '2026-01-01T00:00:00Z', validTo: '2028-01-01T00:00:00Z' };

function menu(path: string, codes: string[]): ServerMenuItem {
  return {
    menuId: path.toLowerCase(), menuName: path, component: '', path, params: '', query: '', parentKid: '0', icon: '', menuCode: path, hidden: false,
    sortNo: 0, opAuthorityDTOList: codes.map((operationCode) => ({ operationCode })),
  } as ServerMenuItem;
}

function renderAt(path: string, menus: ServerMenuItem[]) {
  const certifications = {
    page: vi.fn(async (kind: string) => ({ records: [kind === 'CERTIFICATE' ? CERT : BASE], total: 1, current: 1, size: 10 })),
    get: vi.fn(), create: vi.fn(), revoke: vi.fn(), review: vi.fn(),
  } as unknown as CertificationGateway;
  const session = createActor(setup({}).createMachine({ context: { menus, session: { token: 't', tenantId: 'T1', sysId: 'app1' }, tenants: [] } })).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <ServicesContext.Provider value={{ session, certifications, notifier } as unknown as Services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={CERTIFICATE_PATH} element={<CertificateManagementScreen />} />
          <Route path={ENTERPRISE_CERTIFICATION_PATH} element={<EnterpriseCertificationScreen />} />
        </Routes>
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
}

describe('企业认证 and 证书管理', () => {
  it('shows the pending record with 查看 only to a reader without operation codes', async () => {
    renderAt(ENTERPRISE_CERTIFICATION_PATH, [menu(ENTERPRISE_CERTIFICATION_PATH, [])]);
    const row = await screen.findByRole('row', { name: /华东建材有限公司/ });
    expect(row.textContent).toContain('待审核');
    expect(screen.getByRole('button', { name: '查看' })).toBeTruthy();
    for (const name of ['新增认证', '通过', '驳回']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('offers 通过 with examine, 驳回 with reject and 新增认证 with add, each on its own', async () => {
    renderAt(ENTERPRISE_CERTIFICATION_PATH, [menu(ENTERPRISE_CERTIFICATION_PATH, ['examine'])]);
    await screen.findByRole('row', { name: /华东建材有限公司/ });
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '驳回' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增认证' })).toBeNull();
    cleanup();
    renderAt(ENTERPRISE_CERTIFICATION_PATH, [menu(ENTERPRISE_CERTIFICATION_PATH, ['add', 'reject'])]);
    await screen.findByRole('row', { name: /华东建材有限公司/ });
    expect(screen.getByRole('button', { name: '驳回' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增认证' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
  });

  it('offers 吊销 on a valid certificate only with delete', async () => {
    renderAt(CERTIFICATE_PATH, [menu(CERTIFICATE_PATH, ['add'])]);
    await screen.findByRole('row', { name: /ZS2026000000000001/ });
    expect(screen.getByRole('button', { name: '申请证书' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '吊销' })).toBeNull();
    cleanup();
    renderAt(CERTIFICATE_PATH, [menu(CERTIFICATE_PATH, ['delete'])]);
    await screen.findByRole('row', { name: /ZS2026000000000001/ });
    expect(screen.getByRole('button', { name: '吊销' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请证书' })).toBeNull();
  });
});
