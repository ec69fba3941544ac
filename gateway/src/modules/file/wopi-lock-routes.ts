// The document-editing lock (WOPI style, SPEC §7.2): one holder per file until it expires. The access token
// travels in the query (an editor's callback cannot set headers) and is checked like the guard checks a
// session; the file must be one its user may touch.
import type { FastifyPluginAsync } from 'fastify';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import type { Session } from '../../plugins/auth-guard';
import { AppError, invalidInput, ok, sessionExpired } from '../../plugins/envelope';
import { findLiveToken, hashToken } from '../auth/repository';
import type { FileContext } from './file-context';
import { FileMessage, touchableFile } from './file-context';
import { findLock, putLock, removeLock } from './repository';
import type { LockParams, LockQuery } from './schemas';
import { lockSchema } from './schemas';

const LOCK_TTL_MS = 30 * 60_000;

export const wopiLockRoutes: FastifyPluginAsync<FileContext> = async (app, ctx) => {
  const { deps } = ctx;

  async function sessionFromAccessToken(raw: string): Promise<Session> {
    const tokenHash = hashToken(raw);
    const token = await findLiveToken(deps.db, tokenHash);
    const now = deps.now().getTime();
    if (!token || now - token.last_seen_at.getTime() > deps.tokenIdleMs || now >= token.expires_at.getTime())
      throw sessionExpired();
    return { userId: token.user_id, tenantId: token.tenant_id, tokenHash };
  }

  app.post<{ Params: LockParams; Querystring: LockQuery }>(
    '/api/file/wopi/files/:fileId',
    { config: { access: 'public' }, schema: lockSchema },
    async (request, reply) => {
      const session = await sessionFromAccessToken(request.query.access_token);
      const keyId = request.params.fileId;
      const operation = String(request.headers['x-wopi-override']);
      const wanted = typeof request.headers['x-wopi-lock'] === 'string' ? request.headers['x-wopi-lock'] : '';
      await touchableFile(ctx, session, keyId);
      const now = deps.now();
      const held = await findLock(deps.db, session.tenantId, keyId);
      const current = held && held.expires_at.getTime() > now.getTime() ? held : undefined;
      const conflict = (message: string) => {
        reply.header('x-wopi-lock', current?.lock_value ?? '');
        return new AppError(ResultCode.staleVersion, message, 409);
      };
      const answer = (lock: string, expiresAt: Date | null) => {
        reply.header('x-wopi-lock', lock);
        return ok({ lock, expiresAt: expiresAt?.getTime() ?? null });
      };
      if (operation === 'GET_LOCK') return answer(current?.lock_value ?? '', current?.expires_at ?? null);
      if (!wanted) throw invalidInput(FileMessage.lockMissing);
      const expiresAt = new Date(now.getTime() + LOCK_TTL_MS);
      switch (operation) {
        case 'LOCK':
          if (current && current.lock_value !== wanted)
            throw conflict(FileMessage.lockConflict(current.nick_name ?? '其他用户'));
          await putLock(deps.db, {
            keyId,
            tenantId: session.tenantId,
            lockValue: wanted,
            userId: session.userId,
            expiresAt,
          });
          return answer(wanted, expiresAt);
        case 'REFRESH_LOCK':
          if (!current || current.lock_value !== wanted)
            throw conflict(
              current ? FileMessage.lockConflict(current.nick_name ?? '其他用户') : FileMessage.lockMismatch,
            );
          await putLock(deps.db, {
            keyId,
            tenantId: session.tenantId,
            lockValue: wanted,
            userId: current.user_id,
            expiresAt,
          });
          return answer(wanted, expiresAt);
        default: // UNLOCK
          if (!current || current.lock_value !== wanted)
            throw conflict(
              current ? FileMessage.lockConflict(current.nick_name ?? '其他用户') : FileMessage.lockMismatch,
            );
          await removeLock(deps.db, session.tenantId, keyId);
          return answer('', null);
      }
    },
  );
};
