import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { PatternMessage } from '../../domain/patterns/pattern-check';
import { residentIdCheckChar } from '../../domain/patterns/resident-id';
import type { UserRecord } from '../../domain/user/user';
import { UserFormMessage } from '../../domain/user/user-form';
import type { UserGateway } from '../ports/user-gateway.port';
import { createUserActionsMachine } from './user-actions.machine';
import { createUserFormMachine, FORM_INCOMPLETE_WARNING, fieldMessage } from './user-form.machine';
import { userPageLoader } from './user-list';
import { createUserRolesMachine } from './user-roles.machine';

const USER: UserRecord = {
  userId: 'u1',
  userName: 'li.na',
  nickName: '李娜',
  organizationId: 'org2',
  orgName: '',
  mobile: '13912345678',
  email: '',
  idNumber: '',
  oaAccount: '',
  status: 'ENABLED',
  userType: 'STAFF',
  isAuthData: false,
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
};

function fakeGateway(over: Partial<UserGateway> = {}): UserGateway {
  return {
    pageUsers: vi.fn(async () => ({
      records: [
        USER,
        { ...USER, userId: 'u2', organizationId: 'org2' },
        { ...USER, userId: 'u3', organizationId: 'org9' },
      ],
      total: 3,
      current: 1,
      size: 10,
    })),
    listCompanies: vi.fn(async () => [{ keyId: 'org2', enterpriseName: '远景地产(上海)有限公司' }]),
    listOrganizations: vi.fn(async () => [{ keyId: 'org2', enterpriseName: '远景地产(上海)有限公司' }]),
    createUser: vi.fn(async () => ({ userId: 'new1', password: 'Xy7@abcdEFGH' })),
    createPersonnel: vi.fn(async () => 'p1'),
    updateUser: vi.fn(async () => undefined),
    updatePersonnel: vi.fn(async () => undefined),
    userNameExists: vi.fn(async (name: string) => name === 'admin'),
    userByPhone: vi.fn(async (mobile: string) =>
      mobile === '13800000001' ? { userId: 'x', userName: 'admin', nickName: '平台管理员' } : null,
    ),
    oaAccountExists: vi.fn(async () => false),
    assignableRoles: vi.fn(async () => ({
      isAuthData: false,
      roles: [
        { roleId: 'r1', roleCode: 'A', roleName: '甲', checked: true },
        { roleId: 'r2', roleCode: 'B', roleName: '乙', checked: false },
      ],
    })),
    rolesOfUser: vi.fn(async () => []),
    saveRoles: vi.fn(async () => undefined),
    resetPassword: vi.fn(async () => 'New@Pass2026'),
    pageOperationLog: vi.fn(async () => ({ records: [], total: 0, current: 1, size: 10 })),
    exportUsers: vi.fn(async () => '用户列表.xlsx'),
    downloadImportTemplate: vi.fn(async () => '用户导入模板.xlsx'),
    importUsers: vi.fn(async () => ({
      total: 2,
      imported: [{ row: 2, userName: 'a.b', password: 'Pw@12345678a' }],
      errors: [{ row: 3, message: '请输入正确的手机号码' }],
    })),
    ...over,
  };
}
const notifier = () => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() });
const clock = { now: () => new Date() };

describe('user list loader', () => {
  it('adds the organisation names looked up once per id, and fails when the lookup fails', async () => {
    const gateway = fakeGateway();
    const page = await userPageLoader(gateway)(
      { userName: '', nickName: '', mobile: '', status: '' },
      { current: 1, size: 10 },
    );
    expect(gateway.listCompanies).toHaveBeenCalledWith(['org2', 'org9']);
    expect(page.records.map((r) => r.orgName)).toEqual(['远景地产(上海)有限公司', '远景地产(上海)有限公司', '']);
    const failing = fakeGateway({
      listCompanies: vi.fn(async () => {
        throw new Error('boom');
      }),
    });
    await expect(
      userPageLoader(failing)({ userName: '', nickName: '', mobile: '', status: '' }, { current: 1, size: 10 }),
    ).rejects.toThrow('boom');
  });
});

describe('user form machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const fill = (actor: ReturnType<typeof start>['actor'], values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'CHANGE', field: field as never, value });
  };
  function start(gateway = fakeGateway(), user?: UserRecord) {
    const n = notifier();
    const actor = createActor(createUserFormMachine({ gateway, notifier: n, clock }), {
      input: user ? { user } : {},
    }).start();
    return { actor, gateway, n };
  }

  it('creates the account then its personnel record and keeps the one-time password', async () => {
    const { actor, gateway } = start();
    expect(actor.getSnapshot().context.dirty).toBe(false);
    fill(actor, {
      userName: 'zhang.min',
      nickName: '张敏',
      organizationId: 'org2',
      mobile: '13700001111',
      email: 'z@example.com',
    });
    // Typed and not saved: 关闭 asks first.
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'SUBMIT' });
    vi.useRealTimers();
    const done = await waitFor(actor, (s) => s.matches({ main: 'saved' }));
    expect(gateway.createUser).toHaveBeenCalledWith({
      userName: 'zhang.min',
      nickName: '张敏',
      organizationId: 'org2',
      mobile: '13700001111',
    });
    expect(gateway.createPersonnel).toHaveBeenCalledWith('new1', {
      name: '张敏',
      mobile: '13700001111',
      email: 'z@example.com',
    });
    expect(done.context.password).toBe('Xy7@abcdEFGH');
  });

  it('judges an ID number’s birth date on the clock it is given, not the wall clock', () => {
    const bornFirst17 = '11010520300101123';
    const id = bornFirst17 + residentIdCheckChar(bornFirst17);
    const typed = (today: string) => {
      const machine = createUserFormMachine({
        gateway: fakeGateway(),
        notifier: notifier(),
        clock: { now: () => new Date(today) },
      });
      const actor = createActor(machine, { input: {} }).start();
      actor.send({ type: 'CHANGE', field: 'idNumber', value: id });
      return fieldMessage(actor.getSnapshot().context, 'idNumber');
    };
    // Born 1 January 2030: not yet on the last day of 2029 in Beijing, a person on the first of 2030.
    expect(typed('2029-12-31T12:00:00+08:00')).toBe(PatternMessage.residentId);
    expect(typed('2030-01-01T08:00:00+08:00')).toBeUndefined();
  });

  it('checks the user name 300 ms after the last keystroke only, and a taken name blocks submit', async () => {
    const { actor, gateway, n } = start();
    fill(actor, { userName: 'adm' });
    await vi.advanceTimersByTimeAsync(200);
    fill(actor, { userName: 'admin' });
    await vi.advanceTimersByTimeAsync(299);
    expect(gateway.userNameExists).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(gateway.userNameExists).toHaveBeenCalledTimes(1);
    expect(gateway.userNameExists).toHaveBeenCalledWith('admin', undefined);
    await vi.waitFor(() =>
      expect(fieldMessage(actor.getSnapshot().context, 'userName')).toBe(UserFormMessage.userNameTaken),
    );
    fill(actor, { nickName: '张敏', organizationId: 'org2', mobile: '13800000001' });
    await vi.advanceTimersByTimeAsync(300);
    await vi.waitFor(() =>
      expect(fieldMessage(actor.getSnapshot().context, 'mobile')).toBe(UserFormMessage.mobileTaken),
    );
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
    actor.send({ type: 'SUBMIT' });
    expect(n.warning).toHaveBeenCalledWith(FORM_INCOMPLETE_WARNING);
    expect(actor.getSnapshot().matches({ main: 'editing' })).toBe(true);
    expect(gateway.createUser).not.toHaveBeenCalled();
  });

  it('shows every domain message on an invalid submit and does not check an invalid value remotely', async () => {
    const { actor, gateway, n } = start();
    fill(actor, { mobile: '123', email: 'x@' });
    await vi.advanceTimersByTimeAsync(400);
    expect(gateway.userByPhone).not.toHaveBeenCalled();
    actor.send({ type: 'SUBMIT' });
    const { context } = actor.getSnapshot();
    expect(context.errors).toMatchObject({
      userName: UserFormMessage.userNameRequired,
      mobile: PatternMessage.mobile,
      email: PatternMessage.email,
    });
    expect(n.warning).toHaveBeenCalledWith(FORM_INCOMPLETE_WARNING);
  });

  it('edits: sends only the changed account fields, never the user name, and does not check unchanged values', async () => {
    const { actor, gateway } = start(fakeGateway(), USER);
    fill(actor, { userName: 'renamed', nickName: '李娜娜' });
    await vi.advanceTimersByTimeAsync(400);
    expect(gateway.userNameExists).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.form.userName).toBe('li.na');
    actor.send({ type: 'SUBMIT' });
    vi.useRealTimers();
    await waitFor(actor, (s) => s.matches({ main: 'saved' }));
    expect(gateway.updateUser).toHaveBeenCalledWith('u1', { nickName: '李娜娜' });
    expect(gateway.updatePersonnel).toHaveBeenCalledWith('u1', { name: '李娜娜', mobile: '13912345678' });
    expect(actor.getSnapshot().context.password).toBeNull();
  });

  it('goes back to editing when the gateway refuses', async () => {
    const { actor } = start(
      fakeGateway({
        createUser: vi.fn(async () => {
          throw new Error('用户名已存在');
        }),
      }),
    );
    fill(actor, { userName: 'zhang.min', nickName: '张敏', organizationId: 'org2', mobile: '13700001111' });
    actor.send({ type: 'SUBMIT' });
    vi.useRealTimers();
    await waitFor(actor, (s) => s.matches({ main: 'editing' }));
    expect(actor.getSnapshot().context.password).toBeNull();
  });
});

describe('user roles machine', () => {
  it('loads the roles, toggles, sets the data-authorisation switch and saves with it', async () => {
    const gateway = fakeGateway();
    const n = notifier();
    const actor = createActor(createUserRolesMachine({ gateway, notifier: n }), { input: { userId: 'u1' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    actor.send({ type: 'TOGGLE_ROLE', roleId: 'r1' });
    actor.send({ type: 'TOGGLE_ROLE', roleId: 'r2' });
    actor.send({ type: 'SET_AUTH_DATA', value: true });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(gateway.saveRoles).toHaveBeenCalledWith('u1', ['r2'], true);
    expect(n.success).toHaveBeenCalled();
  });

  it('offers a retry when the roles cannot be loaded', async () => {
    const actor = createActor(
      createUserRolesMachine({
        gateway: fakeGateway({
          assignableRoles: vi.fn(async () => {
            throw new Error('x');
          }),
        }),
        notifier: notifier(),
      }),
      { input: { userId: 'u1' } },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(false);
  });
});

describe('user actions machine', () => {
  it('resets a password only after confirmation, shows it once, then forgets it', async () => {
    const gateway = fakeGateway();
    const actor = createActor(createUserActionsMachine({ gateway, notifier: notifier(), onChanged: vi.fn() })).start();
    actor.send({ type: 'RESET_PASSWORD', userId: 'u1', userName: 'li.na' });
    expect(gateway.resetPassword).not.toHaveBeenCalled();
    expect(actor.getSnapshot().can({ type: 'DONE' })).toBe(false);
    actor.send({ type: 'CONFIRM' });
    const shown = await waitFor(actor, (s) => s.matches('showingPassword'));
    expect(shown.context.password).toBe('New@Pass2026');
    actor.send({ type: 'DONE' });
    expect(actor.getSnapshot().context.password).toBeNull();
  });

  it('cancelling the confirmation resets nothing; a status change reloads the list', async () => {
    const gateway = fakeGateway();
    const onChanged = vi.fn();
    const n = notifier();
    const actor = createActor(createUserActionsMachine({ gateway, notifier: n, onChanged })).start();
    actor.send({ type: 'RESET_PASSWORD', userId: 'u1', userName: 'li.na' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'SET_STATUS', userId: 'u1', userName: 'li.na', status: 'DISABLED' });
    await waitFor(actor, (s) => s.matches('idle') && onChanged.mock.calls.length === 1);
    expect(gateway.updateUser).toHaveBeenCalledWith('u1', { status: 'DISABLED' });
    expect(n.success).toHaveBeenCalledWith('停用成功');
    expect(gateway.resetPassword).not.toHaveBeenCalled();
  });

  it('exports the query it is given, one export at a time', async () => {
    const gateway = fakeGateway();
    const actor = createActor(createUserActionsMachine({ gateway, notifier: notifier(), onChanged: vi.fn() })).start();
    const query = { userName: 'li', nickName: '', mobile: '', status: 'ENABLED' as const };
    actor.send({ type: 'EXPORT', query });
    expect(actor.getSnapshot().can({ type: 'EXPORT', query })).toBe(false);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(gateway.exportUsers).toHaveBeenCalledWith(query);
  });
});

describe('user import machine', () => {
  const file = (name: string, content = 'x') => Object.assign(new Blob([content]), { name });

  it('refuses a file that is not .xlsx or is empty, warns without a file, and imports a chosen one into a report', async () => {
    const { createUserImportMachine, IMPORT_EXTENSION_MESSAGE, IMPORT_EMPTY_MESSAGE, IMPORT_NO_FILE_MESSAGE } =
      await import('./user-import.machine');
    const gateway = fakeGateway();
    const n = notifier();
    const onImported = vi.fn();
    const actor = createActor(createUserImportMachine({ gateway, notifier: n, onImported })).start();
    actor.send({ type: 'IMPORT' });
    expect(n.warning).toHaveBeenCalledWith(IMPORT_NO_FILE_MESSAGE);
    actor.send({ type: 'CHOOSE', file: file('用户.csv') });
    expect(n.error).toHaveBeenCalledWith(IMPORT_EXTENSION_MESSAGE);
    actor.send({ type: 'CHOOSE', file: file('用户.xlsx', '') });
    expect(n.error).toHaveBeenCalledWith(IMPORT_EMPTY_MESSAGE);
    expect(actor.getSnapshot().context.fileName).toBeNull();
    expect(actor.getSnapshot().can({ type: 'AGAIN' })).toBe(false);
    const chosen = file('用户.xlsx');
    actor.send({ type: 'CHOOSE', file: chosen });
    actor.send({ type: 'IMPORT' });
    const reported = await waitFor(actor, (s) => s.matches('reported'));
    expect(gateway.importUsers).toHaveBeenCalledWith(chosen);
    expect(reported.context.report?.errors).toEqual([{ row: 3, message: '请输入正确的手机号码' }]);
    expect(onImported).toHaveBeenCalledTimes(1);
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().context).toEqual({ fileName: null, report: null });
  });

  it('stays ready to try again when the import fails', async () => {
    const { createUserImportMachine } = await import('./user-import.machine');
    const gateway = fakeGateway({
      importUsers: vi.fn(async () => {
        throw new Error('请使用用户导入模板');
      }),
    });
    const actor = createActor(createUserImportMachine({ gateway, notifier: notifier(), onImported: vi.fn() })).start();
    actor.send({ type: 'CHOOSE', file: file('用户.xlsx') });
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.fileName).toBe('用户.xlsx');
  });
});
