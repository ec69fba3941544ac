// The signed-in user: who they are, and changing their own password. The password rules are the shared
// domain policy (src/domain/password), so the dialog and the gateway give the same messages.
import { hash, verify } from '@node-rs/argon2';
import type { FastifyPluginAsync } from 'fastify';
import { firstPasswordChangeError } from '../../../../src/domain/password/password-change-form';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { AppError, forbidden, invalidInput, ok, sessionExpired } from '../../plugins/envelope';
import { clearFailures, LOCKED_MESSAGE, lockKey, recordFailure, reserveAttempt } from '../auth/lockout';
import { revokeUserTokens } from '../auth/repository';
import { CLIENT_ID } from '../auth/routes';
import { findCurrentUser, findPasswordHash, updatePasswordHash } from './repository';
import type { ChangePasswordBody, ChangePasswordParams } from './schemas';
import { changePasswordSchema, currentUserSchema } from './schemas';

export const userRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get(
    '/api/authcenter/base/user',
    { config: { access: 'session' }, schema: currentUserSchema },
    async (request) => {
      const { userId, tenantId } = sessionOf(request);
      const user = await findCurrentUser(deps.db, userId, tenantId);
      if (!user) throw sessionExpired();
      const isSupplier = user.user_type === 'SUPPLIER';
      return ok({
        userId: user.user_id,
        userName: user.user_name,
        nickName: user.nick_name,
        organizationId: user.organization_id,
        orgName: user.org_name,
        tenantId: user.tenant_id,
        clientId: CLIENT_ID,
        userType: user.user_type,
        gysId: isSupplier ? user.gys_id : null,
        authStatus: isSupplier && user.data_auth_state !== 'AUTHORIZED',
      });
    },
  );

  app.put<{ Params: ChangePasswordParams; Body: ChangePasswordBody }>(
    '/api/authcenter/base/user/pwd/:userId',
    { config: { access: 'session' }, schema: changePasswordSchema },
    async (request) => {
      const { userId, tenantId } = sessionOf(request);
      const { oldPassword, newPassword } = request.body;
      if (request.params.userId !== userId || request.body.userId !== userId) throw forbidden();
      // The dialog's own rules (SPEC §5), so the gateway refuses with the message the dialog would show.
      const refusal = firstPasswordChangeError(request.body);
      if (refusal) throw invalidInput(refusal);
      const current = await findPasswordHash(deps.db, userId, tenantId);
      if (!current) throw sessionExpired();
      // A wrong current password is a guess like a wrong sign-in: the same count, lock and message.
      const key = lockKey(current.userName);
      const attempt = await reserveAttempt(deps.db, key, deps.now());
      if (!attempt) throw new AppError(ResultCode.accountLocked, LOCKED_MESSAGE);
      if (!(await verify(current.passwordHash, oldPassword).catch(() => false))) {
        const locked = await recordFailure(deps.db, attempt, deps.now());
        if (locked) throw new AppError(ResultCode.accountLocked, LOCKED_MESSAGE);
        throw invalidInput('原密码不正确');
      }
      await clearFailures(deps.db, key);

      const passwordHash = await hash(newPassword);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        await updatePasswordHash(trx, { userId, tenantId, passwordHash, now });
        await revokeUserTokens(trx, userId, tenantId, now);
      });
      return ok(null);
    },
  );
};

export default userRoutes;
