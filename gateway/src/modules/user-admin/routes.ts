// 用户管理 (SPEC §7.2 Users) and the organisation-name lookup its list uses. Every route states the menu
// and operation code it needs (reads: the menu alone); every statement carries the caller's tenant, so
// another tenant's user answers 160300404 and changes nothing. Writes go to the operation log in the same
// transaction. The form rules are the shared domain's (src/domain/user), so the dialog and the gateway
// refuse with the same words.
import multipart from '@fastify/multipart';
import { hash } from '@node-rs/argon2';
import type { FastifyPluginAsync } from 'fastify';
import {
  EMPTY_USER_FORM,
  firstUserFormError,
  UserFormMessage,
  type UserForm,
} from '../../../../src/domain/user/user-form';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { invalidInput, notFound, ok } from '../../plugins/envelope';
import { contentDisposition } from '../file/file-names';
import { exportWorkbook, IMPORT_MAX_BYTES, importUsers, readImportRows } from './import-export';
import { revokeUserTokens } from '../auth/repository';
import { logOperation } from '../operation-log/repository';
import { newId } from '../../ids';
import { generatePassword } from './password-generator';
import {
  findByPhone,
  findPersonnel,
  findUser,
  forgetUserCounts,
  listCompanies,
  listOrganizations,
  oaAccountTaken,
  organizationInTenant,
  pageUsers,
  rolesOfTenant,
  rolesOfUser,
  userNameTaken,
  userUniqueViolation,
  type UserRow,
} from './repository';
import type {
  CreateUserBody,
  ExistQuery,
  ListCompanyQuery,
  PersonnelBody,
  ResetPasswordBody,
  SaveRolesBody,
  SaveRolesQuery,
  UpdateUserBody,
  UserPageQuery,
} from './schemas';
import {
  byPhoneSchema,
  createPersonnelSchema,
  exportUsersSchema,
  importUsersSchema,
  createUserSchema,
  licensableListSchema,
  listCompanySchema,
  oaExistSchema,
  resetPasswordSchema,
  saveRolesSchema,
  updatePersonnelSchema,
  updateUserSchema,
  userExistSchema,
  userPageSchema,
  userRolesSchema,
  userRolesWsfSchema,
} from './schemas';

export const USERS_MENU = '/basicDataManagement/userManagment';
/** Exporting 100,000 users, or hashing the passwords of 1,000 imported ones, takes longer than a plain call may. */
const BULK_HANDLER_TIMEOUT_MS = 5 * 60_000;
const USER_NOT_FOUND = '用户不存在';

function toRecord(r: UserRow) {
  return {
    userId: r.user_id,
    userName: r.user_name,
    nickName: r.nick_name,
    organizationId: r.organization_id,
    mobile: r.mobile ?? '',
    email: r.email ?? '',
    idNumber: r.id_number ?? '',
    oaAccount: r.oa_account ?? '',
    status: r.status,
    userType: r.user_type,
    isAuthData: r.is_auth_data,
    version: r.version,
    createTime: r.created_at.toISOString(),
  };
}

export const SELF_DISABLE_MESSAGE = '不能停用当前登录的账号';

/** Nobody disables the account they are signed in with: they would lock themselves out mid-task. */
function refuseSelfDisable(actor: string, target: string, status: 'ENABLED' | 'DISABLED' | undefined): void {
  if (actor === target && status === 'DISABLED') throw invalidInput(SELF_DISABLE_MESSAGE);
}

/** The domain form's message for the fields present, or null: judged on `today` (an ID's birth date not after it). */
function formError(fields: Partial<UserForm>, today: Date): string | null {
  const form = {
    ...EMPTY_USER_FORM,
    userName: 'placeholder',
    nickName: '-',
    organizationId: '-',
    mobile: '13800000000',
    ...fields,
  };
  return firstUserFormError(form, today);
}

export const userAdminRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 100 },
  });

  app.get<{ Querystring: UserPageQuery }>(
    '/api/authcenter/base/user/export',
    {
      config: { access: { menu: USERS_MENU, op: 'export' } },
      schema: exportUsersSchema,
      handlerTimeout: BULK_HANDLER_TIMEOUT_MS,
    },
    async (request, reply) => {
      const q = request.query;
      const bytes = await exportWorkbook(deps.db, {
        tenantId: sessionOf(request).tenantId,
        userName: q.userName?.trim() || undefined,
        nickName: q.nickName?.trim() || undefined,
        mobile: q.mobile?.trim() || undefined,
        organizationId: q.organizationId?.trim() || undefined,
        status: q.status,
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', '用户列表.xlsx'))
        .send(bytes);
    },
  );

  const importing = {
    config: { access: { menu: USERS_MENU, op: 'import' as const } },
    schema: importUsersSchema,
    handlerTimeout: BULK_HANDLER_TIMEOUT_MS,
  };
  app.post('/api/authcenter/base/user/import', importing, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    if (!request.isMultipart()) throw invalidInput('请使用 multipart/form-data 上传文件');
    let file: Awaited<ReturnType<typeof request.file>>;
    try {
      file = await request.file();
    } catch {
      throw invalidInput('上传内容不正确');
    }
    if (!file) throw invalidInput('请选择要导入的文件');
    if (!/\.xlsx$/i.test(file.filename)) throw invalidInput('文件格式不正确，只能上传格式为【xlsx】的文件');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch {
      throw invalidInput('导入文件不能超过5MB');
    }
    if (bytes.length === 0) throw invalidInput('不能上传空文件，请重新上传');
    const rows = await readImportRows(bytes);
    if (typeof rows === 'string') throw invalidInput(rows);
    const report = await importUsers(deps.db, { tenantId, userId, now: deps.now() }, rows);
    forgetUserCounts(deps.db, tenantId);
    return ok(report);
  });

  app.get<{ Querystring: UserPageQuery }>(
    '/api/authcenter/base/user/page',
    { config: { access: { menu: USERS_MENU } }, schema: userPageSchema },
    async (request) => {
      const current = Number(request.query.current ?? '1');
      const size = Number(request.query.size ?? '10');
      const q = request.query;
      const { rows, total } = await pageUsers(deps.db, {
        tenantId: sessionOf(request).tenantId,
        userName: q.userName?.trim() || undefined,
        nickName: q.nickName?.trim() || undefined,
        mobile: q.mobile?.trim() || undefined,
        organizationId: q.organizationId?.trim() || undefined,
        status: q.status,
        offset: (current - 1) * size,
        limit: size,
      });
      return ok({ records: rows.map(toRecord), total, current, size });
    },
  );

  app.post<{ Body: CreateUserBody }>(
    '/api/authcenter/base/user',
    { config: { access: { menu: USERS_MENU, op: 'add' } }, schema: createUserSchema },
    async (request) => {
      const { tenantId, userId: actor } = sessionOf(request);
      const body = {
        ...request.body,
        userName: request.body.userName.trim(),
        nickName: request.body.nickName.trim(),
        mobile: request.body.mobile.trim(),
      };
      const oaAccount = body.oaAccount?.trim() || null;
      const refusal = formError(
        {
          userName: body.userName,
          nickName: body.nickName,
          organizationId: body.organizationId,
          mobile: body.mobile,
          oaAccount: oaAccount ?? '',
        },
        deps.now(),
      );
      if (refusal) throw invalidInput(refusal);
      if (!(await organizationInTenant(deps.db, tenantId, body.organizationId)))
        throw invalidInput(UserFormMessage.organizationRequired);
      if (await userNameTaken(deps.db, body.userName)) throw invalidInput(UserFormMessage.userNameTaken);
      if (oaAccount && (await oaAccountTaken(deps.db, tenantId, oaAccount)))
        throw invalidInput(UserFormMessage.oaTaken);

      const password = generatePassword();
      const passwordHash = await hash(password);
      const now = deps.now();
      const userId = newId(now);
      const after = {
        user_id: userId,
        tenant_id: tenantId,
        user_name: body.userName,
        nick_name: body.nickName,
        organization_id: body.organizationId,
        user_type: 'STAFF' as const,
        mobile: body.mobile,
        oa_account: oaAccount,
        status: 'ENABLED' as const,
        created_at: now,
        updated_at: now,
      };
      try {
        await deps.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('app_user')
            .values({ ...after, password_hash: passwordHash })
            .execute();
          await logOperation(trx, {
            tenantId,
            userId: actor,
            now,
            action: 'user.create',
            targetType: 'user',
            targetId: userId,
            after,
          });
        });
      } catch (error) {
        // The same name (in any case) or OA account created meanwhile: the form's refusal, not a server fault.
        const violated = userUniqueViolation(error);
        if (violated === 'userName') throw invalidInput(UserFormMessage.userNameTaken);
        if (violated === 'oaAccount') throw invalidInput(UserFormMessage.oaTaken);
        throw error;
      }
      forgetUserCounts(deps.db, tenantId);
      return ok({ userId, password });
    },
  );

  app.put<{ Params: { id: string }; Body: UpdateUserBody }>(
    '/api/authcenter/base/user/:id',
    { config: { access: { menu: USERS_MENU, op: 'edit' } }, schema: updateUserSchema },
    async (request) => {
      const { tenantId, userId: actor } = sessionOf(request);
      const id = request.params.id;
      const before = await findUser(deps.db, tenantId, id);
      if (!before) throw notFound(USER_NOT_FOUND);
      const b = request.body;
      const changes: {
        nick_name?: string;
        organization_id?: string;
        mobile?: string;
        oa_account?: string | null;
        status?: 'ENABLED' | 'DISABLED';
      } = {};
      if (b.nickName !== undefined) changes.nick_name = b.nickName.trim();
      if (b.organizationId !== undefined) changes.organization_id = b.organizationId;
      if (b.mobile !== undefined) changes.mobile = b.mobile.trim();
      if (b.oaAccount !== undefined) changes.oa_account = b.oaAccount.trim() || null;
      if (b.status !== undefined) changes.status = b.status;
      const refusal = formError(
        {
          ...(changes.nick_name !== undefined ? { nickName: changes.nick_name } : {}),
          ...(changes.organization_id !== undefined ? { organizationId: changes.organization_id } : {}),
          ...(changes.mobile !== undefined ? { mobile: changes.mobile } : {}),
          ...(changes.oa_account ? { oaAccount: changes.oa_account } : {}),
        },
        deps.now(),
      );
      if (refusal) throw invalidInput(refusal);
      if (changes.organization_id && !(await organizationInTenant(deps.db, tenantId, changes.organization_id))) {
        throw invalidInput(UserFormMessage.organizationRequired);
      }
      if (changes.oa_account && (await oaAccountTaken(deps.db, tenantId, changes.oa_account, id)))
        throw invalidInput(UserFormMessage.oaTaken);
      refuseSelfDisable(actor, id, changes.status);

      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set((eb) => ({ ...changes, updated_at: now, version: eb('version', '+', 1) }))
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', id)
          .execute();
        // A disabled user is signed out at once, not at the token's expiry.
        if (changes.status === 'DISABLED') await revokeUserTokens(trx, id, tenantId, now);
        const after = await findUser(trx, tenantId, id);
        const action =
          changes.status && changes.status !== before.status
            ? changes.status === 'DISABLED'
              ? 'user.disable'
              : 'user.enable'
            : 'user.update';
        await logOperation(trx, {
          tenantId,
          userId: actor,
          now,
          action,
          targetType: 'user',
          targetId: id,
          before,
          after,
        });
      });
      forgetUserCounts(deps.db, tenantId);
      return ok(null);
    },
  );

  const personnelError = (b: PersonnelBody): string | null =>
    formError(
      { nickName: b.name.trim(), mobile: b.mobile.trim(), email: b.email ?? '', idNumber: b.idNumber ?? '' },
      deps.now(),
    );

  async function savePersonnel(tenantId: string, actor: string, userId: string, body: PersonnelBody): Promise<string> {
    const refusal = personnelError(body);
    if (refusal) throw invalidInput(refusal);
    if (!(await findUser(deps.db, tenantId, userId))) throw notFound(USER_NOT_FOUND);
    const now = deps.now();
    const values = {
      name: body.name.trim(),
      mobile: body.mobile.trim(),
      email: body.email?.trim() || null,
      id_number: body.idNumber?.trim().toUpperCase() || null,
    };
    return deps.db.transaction().execute(async (trx) => {
      const before = await findPersonnel(trx, tenantId, userId);
      const personnelId = before?.personnel_id ?? newId(now);
      if (before) {
        await trx
          .updateTable('personnel')
          .set({ ...values, updated_at: now })
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .execute();
      } else {
        await trx
          .insertInto('personnel')
          .values({
            personnel_id: personnelId,
            tenant_id: tenantId,
            user_id: userId,
            ...values,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      const after = await findPersonnel(trx, tenantId, userId);
      await logOperation(trx, {
        tenantId,
        userId: actor,
        now,
        action: before ? 'personnel.update' : 'personnel.create',
        targetType: 'personnel',
        targetId: userId,
        before,
        after,
      });
      return personnelId;
    });
  }

  app.post<{ Body: PersonnelBody }>(
    '/api/company/personnel',
    { config: { access: { menu: USERS_MENU, op: 'add' } }, schema: createPersonnelSchema },
    async (request) => {
      const { tenantId, userId: actor } = sessionOf(request);
      return ok({ keyId: await savePersonnel(tenantId, actor, request.body.userId, request.body) });
    },
  );

  app.put<{ Params: { id: string }; Body: PersonnelBody }>(
    '/api/company/personnel/:id',
    { config: { access: { menu: USERS_MENU, op: 'edit' } }, schema: updatePersonnelSchema },
    async (request) => {
      const { tenantId, userId: actor } = sessionOf(request);
      if (request.body.userId !== undefined && request.body.userId !== request.params.id)
        throw invalidInput('userId 与路径不一致');
      await savePersonnel(tenantId, actor, request.params.id, { ...request.body, userId: request.params.id });
      return ok(null);
    },
  );

  app.get<{ Querystring: ExistQuery }>(
    '/api/authcenter/base/user/exist',
    { config: { access: { menu: USERS_MENU } }, schema: userExistSchema },
    async (request) =>
      ok(
        await userNameTaken(
          deps.db,
          request.query.userName!,
          request.query.excludeId || undefined,
          sessionOf(request).tenantId,
        ),
      ),
  );

  app.get<{ Querystring: ExistQuery }>(
    '/api/authcenter/base/user/exist/oa',
    { config: { access: { menu: USERS_MENU } }, schema: oaExistSchema },
    async (request) =>
      ok(
        await oaAccountTaken(
          deps.db,
          sessionOf(request).tenantId,
          request.query.oaAccount!,
          request.query.excludeId || undefined,
        ),
      ),
  );

  app.get<{ Querystring: ExistQuery }>(
    '/api/authcenter/base/user/getByPhone',
    { config: { access: { menu: USERS_MENU } }, schema: byPhoneSchema },
    async (request) => {
      const user = await findByPhone(
        deps.db,
        sessionOf(request).tenantId,
        request.query.mobile!,
        request.query.excludeId || undefined,
      );
      return ok(user ? { userId: user.user_id, userName: user.user_name, nickName: user.nick_name } : null);
    },
  );

  app.post<{ Querystring: SaveRolesQuery; Body: SaveRolesBody }>(
    '/api/authcenter/base/user/role',
    { config: { access: { menu: USERS_MENU, op: 'authorize' } }, schema: saveRolesSchema },
    async (request) => {
      const { tenantId, userId: actor } = sessionOf(request);
      const { userId, roleIds } = request.body;
      const isAuthData = request.query.isAuthData === 'true' || request.query.isAuthData === '1';
      const user = await findUser(deps.db, tenantId, userId);
      if (!user) throw notFound(USER_NOT_FOUND);
      const tenantRoles = new Set((await rolesOfTenant(deps.db, tenantId)).map((r) => r.role_id));
      // Another tenant's role is as unknown as a made-up one.
      if (roleIds.some((r) => !tenantRoles.has(r))) throw notFound('角色不存在');
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        // One save at a time per user: the row lock makes parallel saves queue (the last one wins whole)
        // instead of interleaving their deletes and inserts into a mixed set, a duplicate key or a deadlock.
        const locked = await trx
          .selectFrom('app_user')
          .select('is_auth_data')
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (!locked) throw notFound(USER_NOT_FOUND);
        const roleIdsBefore = (await rolesOfUser(trx, tenantId, userId)).map((r) => r.role_id);
        const before = { roleIds: roleIdsBefore, isAuthData: locked.is_auth_data };
        // Only this tenant's roles are replaced (user_role has no tenant of its own).
        const own = [...tenantRoles];
        if (own.length)
          await trx.deleteFrom('user_role').where('user_id', '=', userId).where('role_id', 'in', own).execute();
        if (roleIds.length)
          await trx
            .insertInto('user_role')
            .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
            .execute();
        await trx
          .updateTable('app_user')
          .set((eb) => ({ is_auth_data: isAuthData, updated_at: now, version: eb('version', '+', 1) }))
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .execute();
        await logOperation(trx, {
          tenantId,
          userId: actor,
          now,
          action: 'user.roles',
          targetType: 'user',
          targetId: userId,
          before,
          after: { roleIds, isAuthData },
        });
      });
      return ok(null);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/authcenter/base/user/roles/wsf/:id',
    { config: { access: { menu: USERS_MENU } }, schema: userRolesWsfSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const user = await findUser(deps.db, tenantId, request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      const mine = new Set((await rolesOfUser(deps.db, tenantId, user.user_id)).map((r) => r.role_id));
      const roles = await rolesOfTenant(deps.db, tenantId);
      return ok({
        isAuthData: user.is_auth_data,
        roles: roles.map((r) => ({
          roleId: r.role_id,
          roleCode: r.role_code,
          roleName: r.role_name,
          checked: mine.has(r.role_id),
        })),
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/authcenter/base/user/roles/:id',
    { config: { access: { menu: USERS_MENU } }, schema: userRolesSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      if (!(await findUser(deps.db, tenantId, request.params.id))) throw notFound(USER_NOT_FOUND);
      const roles = await rolesOfUser(deps.db, tenantId, request.params.id);
      return ok(roles.map((r) => ({ roleId: r.role_id, roleCode: r.role_code, roleName: r.role_name })));
    },
  );

  app.post<{ Body: ResetPasswordBody }>(
    '/api/authcenter/base/user/pwd/post',
    { config: { access: { menu: USERS_MENU, op: 'resetPwd' } }, schema: resetPasswordSchema },
    async (request) => {
      const { tenantId, userId: actor } = sessionOf(request);
      const { userId } = request.body;
      if (!(await findUser(deps.db, tenantId, userId))) throw notFound(USER_NOT_FOUND);
      const password = generatePassword();
      const passwordHash = await hash(password);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set((eb) => ({ password_hash: passwordHash, updated_at: now, version: eb('version', '+', 1) }))
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .execute();
        await revokeUserTokens(trx, userId, tenantId, now);
        await logOperation(trx, {
          tenantId,
          userId: actor,
          now,
          action: 'user.resetPassword',
          targetType: 'user',
          targetId: userId,
        });
      });
      return ok({ password });
    },
  );

  // The organisations a user may belong to, for the user form's 所属组织. The organisation screens may widen
  // its access; its shape is theirs to extend.
  app.get(
    '/api/authcenter/org/tenant/licensable/list',
    { config: { access: { menu: USERS_MENU } }, schema: licensableListSchema },
    async (request) => {
      const rows = await listOrganizations(deps.db, sessionOf(request).tenantId);
      return ok(
        rows.map((r) => ({
          keyId: r.org_id,
          enterpriseName: r.org_name,
          orgType: r.org_type,
          parentId: r.parent_id ?? '0',
        })),
      );
    },
  );

  app.get<{ Querystring: ListCompanyQuery }>(
    '/api/company/supplier/listcompany',
    { config: { access: { menu: USERS_MENU } }, schema: listCompanySchema },
    async (request) => {
      const raw = request.query.keyIds;
      // Repeated keys arrive as an array; a single key as a string (SPEC §7.1).
      const keyIds = [...new Set((Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((k) => k !== ''))];
      const rows = await listCompanies(deps.db, sessionOf(request).tenantId, keyIds);
      return ok(rows.map((r) => ({ keyId: r.org_id, enterpriseName: r.org_name })));
    },
  );
};

export default userAdminRoutes;
