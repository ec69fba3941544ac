import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { OrgFormMessage, type Organization } from '../../domain/organization/organization';
import { PatternMessage } from '../../domain/patterns/pattern-check';
import { creditCodeCheckChar } from '../../domain/patterns/social-credit-code';
import type { OrganizationGateway } from '../ports/organization-gateway.port';
import { createOrganizationFormMachine, FORM_INCOMPLETE_WARNING } from './organization-form.machine';
import { createOrganizationStatusMachine } from './organization-status.machine';
import { createOrganizationTreeMachine } from './organization-tree.machine';

const VALID = '91310000MA1FL0000' + creditCodeCheckChar('91310000MA1FL0000');
const INVALID = VALID.slice(0, 17) + (VALID[17] === 'A' ? 'B' : 'A');

const SUPPLIER: Organization = {
  keyId: 's1',
  orgType: 'SUPPLIER',
  parentId: 'g',
  parentName: '远景控股集团',
  enterpriseName: '华东建材有限公司',
  creditCode: VALID,
  contactName: '王建国',
  contactMobile: '13912345678',
  email: '',
  address: '',
  status: 'ENABLED',
  gysId: 'GYS202400001',
  appIds: ['app1'],
  version: 3,
  createTime: '2026-01-01T00:00:00Z',
};

function fakeGateway(over: Partial<OrganizationGateway> = {}): OrganizationGateway {
  return {
    page: vi.fn(async () => ({ records: [SUPPLIER], total: 1, current: 1, size: 10 })),
    get: vi.fn(async () => SUPPLIER),
    create: vi.fn(async () => ({ keyId: 'new', gysId: 'GYS202600001' })),
    update: vi.fn(async () => undefined),
    setStatus: vi.fn(async () => undefined),
    tree: vi.fn(async () => [{ ...SUPPLIER, keyId: 'g', orgType: 'GROUP' as const, parentId: '0' }, SUPPLIER]),
    accounts: vi.fn(async (orgId: string) => ({
      records:
        orgId === 's1'
          ? [
              {
                userId: 'u',
                userName: 'supplier',
                nickName: '王',
                mobile: '',
                status: 'ENABLED' as const,
                userType: 'SUPPLIER' as const,
              },
            ]
          : [],
      total: orgId === 's1' ? 1 : 0,
      current: 1,
      size: 100,
    })),
    topOfCurrentUser: vi.fn(async () => null),
    supplierOptions: vi.fn(async () => []),
    capitalSides: vi.fn(async () => []),
    byType: vi.fn(async (t) =>
      t === 'GROUP'
        ? [{ keyId: 'g', enterpriseName: '远景控股集团', orgType: 'GROUP' as const, parentId: '0' }]
        : [{ keyId: 'sub', enterpriseName: '远景地产', orgType: 'SUBSIDIARY' as const, parentId: 'g' }],
    ),
    ...over,
  };
}
const notifier = () => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() });

describe('organisation form flow', () => {
  it('creates a supplier: an invalid credit code shows the pattern message and blocks submit; a valid one is saved with its gysId', async () => {
    const gateway = fakeGateway();
    const n = notifier();
    const actor = createActor(createOrganizationFormMachine({ gateway, notifier: n }), {
      input: { resource: 'supplier', type: 'SUPPLIER' },
    }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.parents.map((p) => p.keyId)).toEqual(['g', 'sub']);
    expect(actor.getSnapshot().context.dirty).toBe(false);
    for (const [field, value] of [
      ['enterpriseName', '上海测试建材有限公司'],
      ['parentId', 'g'],
      ['contactMobile', '13912345678'],
      ['creditCode', INVALID],
    ] as const) {
      actor.send({ type: 'CHANGE', field, value });
    }
    actor.send({ type: 'CHANGE_APPS', appIds: ['app1'] });
    expect(actor.getSnapshot().context.errors).toEqual({ creditCode: PatternMessage.creditCode });
    // Typed and not saved: leaving the page asks first.
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(n.warning).toHaveBeenCalledWith(FORM_INCOMPLETE_WARNING);
    expect(gateway.create).not.toHaveBeenCalled();

    actor.send({ type: 'CHANGE', field: 'creditCode', value: VALID });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(gateway.create).toHaveBeenCalledWith(
      'supplier',
      expect.objectContaining({ creditCode: VALID, appIds: ['app1'] }),
      'SUPPLIER',
    );
    expect(actor.getSnapshot().context.saved).toEqual({ keyId: 'new', gysId: 'GYS202600001' });
    expect(actor.getSnapshot().context.dirty).toBe(false);
    expect(n.success).toHaveBeenCalledWith('保存成功');
  });

  it('shows every message of an empty form and asks for a sub-system', () => {
    const actor = createActor(createOrganizationFormMachine({ gateway: fakeGateway(), notifier: notifier() }), {
      input: { resource: 'supplier', type: 'SUPPLIER' },
    }).start();
    // Submitting while the choices load does nothing.
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    return waitFor(actor, (s) => s.matches('editing')).then(() => {
      actor.send({ type: 'SUBMIT' });
      expect(actor.getSnapshot().context.errors).toMatchObject({
        enterpriseName: OrgFormMessage.nameRequired,
        parentId: OrgFormMessage.parentRequired,
        creditCode: OrgFormMessage.creditCodeRequired,
        appIds: OrgFormMessage.appsRequired,
      });
    });
  });

  it('edits the record read afresh with its version, and stays editable when the gateway refuses', async () => {
    const gateway = fakeGateway({
      update: vi.fn().mockRejectedValueOnce(new Error('统一社会信用代码已存在')).mockResolvedValue(undefined),
    });
    const actor = createActor(createOrganizationFormMachine({ gateway, notifier: notifier() }), {
      input: { resource: 'supplier', type: 'SUPPLIER', keyId: 's1' },
    }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({
      mode: 'edit',
      version: 3,
      gysId: 'GYS202400001',
      form: { enterpriseName: '华东建材有限公司', parentId: 'g' },
    });
    actor.send({ type: 'CHANGE', field: 'contactName', value: '李四' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(
      actor,
      (s) => s.matches('editing') && (gateway.update as ReturnType<typeof vi.fn>).mock.calls.length === 1,
    );
    expect(actor.getSnapshot().context.form.contactName).toBe('李四');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(gateway.update).toHaveBeenLastCalledWith(
      'supplier',
      's1',
      expect.objectContaining({ contactName: '李四' }),
      3,
    );
  });

  it('fails visibly when the record cannot be read', async () => {
    const actor = createActor(
      createOrganizationFormMachine({
        gateway: fakeGateway({ get: vi.fn().mockRejectedValue(new Error('组织不存在')) }),
        notifier: notifier(),
      }),
      {
        input: { resource: 'supplier', type: 'SUPPLIER', keyId: 'gone' },
      },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
  });
});

describe('organisation status flow', () => {
  it('disables after confirmation with the version shown, then reloads the list', async () => {
    const gateway = fakeGateway();
    const onChanged = vi.fn();
    const n = notifier();
    const actor = createActor(
      createOrganizationStatusMachine({ gateway, notifier: n, resource: 'supplier', onChanged }),
    ).start();
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
    actor.send({
      type: 'REQUEST',
      target: { keyId: 's1', enterpriseName: '华东建材有限公司', status: 'DISABLED', version: 3 },
    });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(gateway.setStatus).toHaveBeenCalledWith('supplier', 's1', 'DISABLED', 3);
    expect(n.success).toHaveBeenCalledWith('已停用');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('calls nothing when cancelled, and reloads after a refusal', async () => {
    const gateway = fakeGateway({ setStatus: vi.fn().mockRejectedValue(new Error('stale')) });
    const onChanged = vi.fn();
    const actor = createActor(
      createOrganizationStatusMachine({ gateway, notifier: notifier(), resource: 'org', onChanged }),
    ).start();
    const target = { keyId: 's1', enterpriseName: 'x', status: 'ENABLED' as const, version: 1 };
    actor.send({ type: 'REQUEST', target });
    actor.send({ type: 'CANCEL' });
    expect(gateway.setStatus).not.toHaveBeenCalled();
    actor.send({ type: 'REQUEST', target });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle') && onChanged.mock.calls.length === 1);
    expect(actor.getSnapshot().context.target).toBeNull();
  });
});

describe('organisation tree flow', () => {
  it('loads the tree, selects the first organisation, and loads the accounts of the one selected', async () => {
    const gateway = fakeGateway();
    const actor = createActor(createOrganizationTreeMachine({ gateway })).start();
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(actor.getSnapshot().context.selectedId).toBe('g');
    actor.send({ type: 'SELECT', keyId: 's1' });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }) && s.context.accountsTotal === 1);
    expect(actor.getSnapshot().context.accounts[0]!.userName).toBe('supplier');
    actor.send({ type: 'RELOAD' });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(actor.getSnapshot().context.selectedId).toBe('s1');
  });

  it('ignores an unknown selection and survives a failed load', async () => {
    const actor = createActor(
      createOrganizationTreeMachine({ gateway: fakeGateway({ tree: vi.fn().mockRejectedValue(new Error('x')) }) }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.orgs).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'SELECT', keyId: 'nope' })).toBe(false);
  });
});
