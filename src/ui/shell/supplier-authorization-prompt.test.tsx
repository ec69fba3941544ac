// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionFlag, SessionStore } from '../../application/ports/session-store.port';
import type { SupplierAuthorizationGateway } from '../../application/ports/supplier-authorization.port';
import { createSupplierAuthorizationMachine } from '../../application/supplier-authorization/supplier-authorization.machine';
import { authorizationLetter, type SupplierAuthResult } from '../../domain/supplier-authorization/supplier-authorization';
import { ServicesContext, type Services } from '../app/services';
import { renderInFluent, withoutWebAnimations } from '../kit/dialogs/dialog-test-support';
import { SupplierAuthorizationPrompt } from './supplier-authorization-prompt';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const LETTER = authorizationLetter();

function renderPrompt(over: Partial<SupplierAuthorizationGateway> = {}) {
  const flags = new Map<SessionFlag, string>([['authStatus', 'true']]);
  const store = {
    read: () => ({ token: 't', tenantId: 't1', orgId: 'org11' }),
    readUser: () => ({ gysId: 'GYS202400001', organizationId: 'org11' }),
    getFlag: (f: SessionFlag) => flags.get(f) ?? null,
    setFlag: (f: SessionFlag, v: string) => void flags.set(f, v),
    removeFlag: (f: SessionFlag) => void flags.delete(f),
  } as unknown as SessionStore;
  const gateway: SupplierAuthorizationGateway = {
    checkAuthorization: vi.fn(async () => LETTER),
    getCapitalSideCodes: vi.fn(async () => ['cs21']),
    updateSupplierAuth: vi.fn(async (): Promise<SupplierAuthResult> => ({ code: '0', message: '授权成功' })),
    ...over,
  };
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const services = { supplierAuthorization: gateway, store, notifier } as unknown as Services;
  renderInFluent(
    <ServicesContext.Provider value={services}>
      <SupplierAuthorizationPrompt />
    </ServicesContext.Provider>,
  );
  return { flags, gateway, notifier };
}

describe('SupplierAuthorizationPrompt', () => {
  it('shows the letter read-only in a 600 px 提示 dialog with 同意 and 关闭', async () => {
    renderPrompt();
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog.style.width).toBe('600px');
    const letter = within(dialog).getByRole('document', { name: '数据查询授权书' });
    expect(letter.textContent).toContain('远景控股集团及其下属子公司');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: '同意' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '关闭' })).toBeTruthy();
  });

  it('agrees, says 授权成功 and goes away', async () => {
    const user = userEvent.setup();
    const { gateway, notifier } = renderPrompt();
    await user.click(await screen.findByRole('button', { name: '同意' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(gateway.updateSupplierAuth).toHaveBeenCalledWith({ gysId: 'GYS202400001', authState: '1', capitalSideCodeList: ['cs21'] });
    expect(notifier.success).toHaveBeenCalledWith('授权成功');
  });

  it("stays with the server's reason when refused, and closing then declines for the session", async () => {
    const user = userEvent.setup();
    const { flags, notifier } = renderPrompt({
      updateSupplierAuth: vi.fn(async (): Promise<SupplierAuthResult> => ({ code: '1', message: '资金方不存在：cs21' })),
    });
    await user.click(await screen.findByRole('button', { name: '同意' }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('资金方不存在：cs21'));
    expect(screen.getByRole('dialog', { name: '提示' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(flags.get('authStatus')).toBe('false');
  });

  it('shows nothing when no consent is needed', async () => {
    const { gateway, flags } = renderPrompt({ checkAuthorization: vi.fn(async () => null) });
    await waitFor(() => expect(flags.has('authStatus')).toBe(false));
    expect(gateway.checkAuthorization).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
