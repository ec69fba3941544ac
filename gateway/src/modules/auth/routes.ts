// Sign-in and sign-out. An unknown user and a wrong password get the same code, message and (thanks to a
// verify against a dummy hash) about the same time, so the answer does not reveal which names exist.
import { hash, verify } from '@node-rs/argon2';
import type { FastifyPluginAsync } from 'fastify';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, ok } from '../../plugins/envelope';
import { applicantRefusal, findApplicant } from '../registration/routes';
import { clearFailures, LOCKED_MESSAGE, lockKey, recordFailure, reserveAttempt } from './lockout';
import { findEnabledUserByName, hashToken, insertToken, newRawToken, revokeToken } from './repository';
import type { LoginBody } from './schemas';
import { loginSchema, logoutSchema } from './schemas';

/** The client id the web client sends back in its `client` header. */
export const CLIENT_ID = 'wsf_app';

let dummyHash: Promise<string> | undefined;

export const authRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.post<{ Body: LoginBody }>(
    '/api/authcenter/login',
    { config: { access: 'public' }, schema: loginSchema },
    async (request) => {
      const { username, password } = request.body;
      const key = lockKey(username);
      const now = deps.now();
      const attempt = await reserveAttempt(deps.db, key, now);
      if (!attempt) throw new AppError(ResultCode.accountLocked, LOCKED_MESSAGE);
      const user = await findEnabledUserByName(deps.db, username.trim());
      // A supplier that registered itself and is not yet approved: one hash check like everyone's.
      const applicant = user ? undefined : await findApplicant(deps.db, username.trim());
      dummyHash ??= hash('not-a-password');
      const valid = await verify(user?.password_hash ?? applicant?.password_hash ?? (await dummyHash), password).catch(
        () => false,
      );
      if (applicant && valid) {
        await clearFailures(deps.db, key);
        throw applicantRefusal(applicant);
      }
      if (!user || !valid) {
        // The attempt that reaches the limit is already answered with the lock.
        if (await recordFailure(deps.db, attempt, now)) throw new AppError(ResultCode.accountLocked, LOCKED_MESSAGE);
        throw new AppError(ResultCode.badCredentials, '用户名或密码错误');
      }
      await clearFailures(deps.db, key);

      const token = newRawToken();
      await insertToken(deps.db, {
        tokenHash: hashToken(token),
        userId: user.user_id,
        tenantId: user.tenant_id,
        now,
        expiresAt: new Date(now.getTime() + deps.tokenMaxMs),
      });
      return ok({
        token,
        tenantId: user.tenant_id,
        userId: user.user_id,
        clientId: CLIENT_ID,
        nickName: user.nick_name,
        expiresIn: Math.round(deps.tokenIdleMs / 1000),
      });
    },
  );

  app.post('/api/authcenter/logout', { config: { access: 'session' }, schema: logoutSchema }, async (request) => {
    await revokeToken(deps.db, sessionOf(request).tokenHash, deps.now());
    return ok(null);
  });
};

export default authRoutes;
