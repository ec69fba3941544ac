import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CurrentUser, StoredSession } from '../../domain/session/session';
import {
  authorizationLetter,
  type SupplierAuthResult,
} from '../../domain/supplier-authorization/supplier-authorization';
import { GatewayError, RequestCancelledError } from '../ports/gateway-error';
import type { SessionFlag, SessionStore } from '../ports/session-store.port';
import type { SupplierAuthorizationGateway } from '../ports/supplier-authorization.port';
import { createSupplierAuthorizationMachine } from './supplier-authorization.machine';
import {
  selectAgreeing,
  selectConsentPostponed,
  selectLetterContent,
  selectLetterRead,
  selectPromptOpen,
} from './supplier-authorization.selectors';

const supplierUser: CurrentUser = {
  userId: 'u3',
  userName: 'supplier',
  nickName: '华东建材-王建国',
  organizationId: 'org11',
  orgName: '华东建材有限公司',
  tenantId: 't1',
  clientId: 'wsf_app',
  userType: 'SUPPLIER',
  gysId: 'GYS202400001',
  authStatus: true,
};
const LETTER = authorizationLetter();
const CAPITAL_SIDES = ['cs21', 'cs22'];

function memoryStore(
  session: StoredSession | null,
  user: CurrentUser | null,
  flags: Partial<Record<SessionFlag, string>>,
) {
  const map = new Map(Object.entries(flags) as [SessionFlag, string][]);
  const store: SessionStore & { flags: Map<SessionFlag, string> } = {
    flags: map,
    read: () => session,
    write: vi.fn(),
    readUser: () => user,
    writeUser: vi.fn(),
    getFlag: (f) => map.get(f) ?? null,
    setFlag: (f, v) => void map.set(f, v),
    removeFlag: (f) => void map.delete(f),
    clear: () => map.clear(),
  };
  return store;
}

function start(
  over: Partial<SupplierAuthorizationGateway> = {},
  { user = supplierUser, orgId = 'org11', authStatus = 'true' as string | null } = {},
) {
  const gateway: SupplierAuthorizationGateway = {
    checkAuthorization: vi.fn(async () => LETTER),
    getCapitalSideCodes: vi.fn(async () => CAPITAL_SIDES),
    updateSupplierAuth: vi.fn(async (): Promise<SupplierAuthResult> => ({ code: '0', message: '授权成功' })),
    ...over,
  };
  const store = memoryStore(
    { token: 'tok', tenantId: 't1', sysId: 'app1', ...(orgId ? { orgId } : {}) },
    user,
    authStatus === null ? {} : { authStatus },
  );
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const actor = createActor(createSupplierAuthorizationMachine({ gateway, store, notifier })).start();
  return { actor, gateway, store, notifier };
}

describe('supplier authorization prompt', () => {
  it('checks the supplier after entry and shows the letter', async () => {
    const { actor, gateway } = start();
    await waitFor(actor, (s) => s.matches('prompting'));
    expect(gateway.checkAuthorization).toHaveBeenCalledWith('GYS202400001');
    expect(selectPromptOpen(actor.getSnapshot())).toBe(true);
    expect(selectLetterContent(actor.getSnapshot())).toBe(LETTER.content);
  });

  it('agrees: reads the capital sides into the session, sends authState 1 with them, says 授权成功 and closes', async () => {
    const { actor, gateway, store, notifier } = start();
    await waitFor(actor, (s) => s.matches('prompting'));
    actor.send({ type: 'LETTER_READ' });
    actor.send({ type: 'AGREE' });
    expect(selectAgreeing(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(gateway.getCapitalSideCodes).toHaveBeenCalledWith('GYS202400001');
    expect(store.getFlag('capitalSideCode')).toBe(JSON.stringify(CAPITAL_SIDES));
    expect(gateway.updateSupplierAuth).toHaveBeenCalledWith({
      gysId: 'GYS202400001',
      authState: '1',
      capitalSideCodeList: CAPITAL_SIDES,
    });
    expect(notifier.success).toHaveBeenCalledWith('授权成功');
    expect(store.getFlag('authStatus')).toBeNull();
    expect(selectPromptOpen(actor.getSnapshot())).toBe(false);
  });

  it("keeps the prompt open with the server's reason when the consent is refused with code '1'", async () => {
    const { actor, notifier, store } = start({
      updateSupplierAuth: vi.fn(
        async (): Promise<SupplierAuthResult> => ({ code: '1', message: '未找到可授权的资金方，请联系管理员' }),
      ),
    });
    await waitFor(actor, (s) => s.matches('prompting'));
    actor.send({ type: 'LETTER_READ' });
    actor.send({ type: 'AGREE' });
    await waitFor(actor, (s) => s.matches('prompting') && s.context.capitalSideCodes.length > 0);
    expect(notifier.error).toHaveBeenCalledWith('未找到可授权的资金方，请联系管理员');
    expect(notifier.success).not.toHaveBeenCalled();
    expect(store.getFlag('authStatus')).toBe('true');
    expect(selectPromptOpen(actor.getSnapshot())).toBe(true);
  });

  it('stays open, silently, when a call fails (the HTTP client has said why)', async () => {
    const { actor, notifier } = start({
      getCapitalSideCodes: vi.fn(async () => {
        throw new GatewayError(160300500, '系统繁忙');
      }),
    });
    await waitFor(actor, (s) => s.matches('prompting'));
    actor.send({ type: 'LETTER_READ' });
    actor.send({ type: 'AGREE' });
    await waitFor(actor, (s) => s.matches('prompting'));
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('takes no 同意 before the letter was read to its end', async () => {
    const { actor, gateway } = start();
    await waitFor(actor, (s) => s.matches('prompting'));
    expect(selectLetterRead(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'AGREE' })).toBe(false);
    actor.send({ type: 'AGREE' });
    expect(actor.getSnapshot().matches('prompting')).toBe(true);
    actor.send({ type: 'LETTER_READ' });
    expect(selectLetterRead(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'AGREE' })).toBe(true);
    expect(gateway.updateSupplierAuth).not.toHaveBeenCalled();
  });

  it("closing without agreeing sets authStatus to 'false', sends nothing, and the letter may be reopened", async () => {
    const { actor, gateway, store } = start();
    await waitFor(actor, (s) => s.matches('prompting'));
    actor.send({ type: 'LETTER_READ' });
    actor.send({ type: 'CLOSE' });
    expect(selectConsentPostponed(actor.getSnapshot())).toBe(true);
    expect(selectPromptOpen(actor.getSnapshot())).toBe(false);
    expect(store.getFlag('authStatus')).toBe('false');
    expect(gateway.updateSupplierAuth).not.toHaveBeenCalled();
    actor.send({ type: 'REOPEN' });
    expect(selectPromptOpen(actor.getSnapshot())).toBe(true);
    // Read once is read: 同意 is available at once.
    actor.send({ type: 'AGREE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(gateway.updateSupplierAuth).toHaveBeenCalledTimes(1);
  });

  it('a later entry after 关闭 does not pop the letter up, but offers it while consent is pending', async () => {
    const { actor, gateway, store } = start();
    await waitFor(actor, (s) => s.matches('prompting'));
    actor.send({ type: 'CLOSE' });
    const again = createActor(
      createSupplierAuthorizationMachine({
        gateway,
        store,
        notifier: { error: vi.fn(), warning: vi.fn(), success: vi.fn() },
      }),
    ).start();
    await waitFor(again, (s) => s.matches('postponed'));
    expect(again.getSnapshot().can({ type: 'REOPEN' })).toBe(true);
    expect(selectPromptOpen(again.getSnapshot())).toBe(false);
  });

  it('clears authStatus when the check returns nothing, without showing anything', async () => {
    const { actor, store } = start({ checkAuthorization: vi.fn(async () => null) });
    await waitFor(actor, (s) => s.status === 'done');
    expect(store.getFlag('authStatus')).toBeNull();
    expect(actor.getSnapshot().context.letter).toBeNull();
  });

  it('asks nothing without the authStatus flag or without an organisation id', () => {
    const unset = start({}, { authStatus: null });
    expect(unset.actor.getSnapshot().status).toBe('done');
    const orgless = start({}, { orgId: '', user: { ...supplierUser, organizationId: '' } });
    expect(orgless.actor.getSnapshot().status).toBe('done');
    for (const { gateway } of [unset, orgless]) expect(gateway.checkAuthorization).not.toHaveBeenCalled();
  });

  it('sends the organisation id when the user has no supplier number', async () => {
    const { actor, gateway } = start({}, { user: { ...supplierUser, gysId: null } });
    await waitFor(actor, (s) => s.matches('prompting'));
    expect(gateway.checkAuthorization).toHaveBeenCalledWith('org11');
  });

  it('asks again when navigation cancelled the check, and gives up quietly when it fails', async () => {
    const cancelledOnce = vi.fn().mockRejectedValueOnce(new RequestCancelledError()).mockResolvedValue(LETTER);
    const retried = start({ checkAuthorization: cancelledOnce });
    await waitFor(retried.actor, (s) => s.matches('prompting'));
    expect(cancelledOnce).toHaveBeenCalledTimes(2);

    const failing = start({
      checkAuthorization: vi.fn(async () => {
        throw new GatewayError(160300500, '系统繁忙');
      }),
    });
    await waitFor(failing.actor, (s) => s.status === 'done');
    expect(failing.store.getFlag('authStatus')).toBe('true');
  });

  it('cannot be closed or agreed twice while the consent is being sent', async () => {
    let release!: (r: SupplierAuthResult) => void;
    const { actor, gateway } = start({
      updateSupplierAuth: vi.fn(() => new Promise<SupplierAuthResult>((r) => (release = r))),
    });
    await waitFor(actor, (s) => s.matches('prompting'));
    actor.send({ type: 'LETTER_READ' });
    expect(actor.getSnapshot().can({ type: 'AGREE' })).toBe(true);
    actor.send({ type: 'AGREE' });
    await waitFor(actor, (s) => s.matches({ agreeing: 'updating' }));
    expect(actor.getSnapshot().can({ type: 'CLOSE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'AGREE' })).toBe(false);
    release({ code: '0', message: '授权成功' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(gateway.updateSupplierAuth).toHaveBeenCalledTimes(1);
  });
});
