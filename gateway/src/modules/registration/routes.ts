// Registration (/register): a supplier not yet on the platform applies for itself. One transaction creates
// a disabled account and a 企业认证 record in 待审核; an administrator reviews it in 企业认证, and approval
// (afterRegistrationReview, run inside the review's own transaction) enables the account with the supplier
// role and creates the supplier with its gysId, its data-query consent still pending. The same company or
// user name cannot apply twice. Attempts are limited per address, counted in the database so the limit
// holds across several gateway processes; bad input answers with the envelope, never a 5xx.
import { hash } from '@node-rs/argon2';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { type Kysely, type Transaction, sql } from 'kysely';
import { Type } from 'typebox';
import { businessYear } from '../../../../src/domain/calendar/calendar-date';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { normalizeCreditCode } from '../../../../src/domain/patterns/social-credit-code';
import {
  type RegistrationForm,
  RegistrationMessage,
  validateRegistration,
} from '../../../../src/domain/registration/registration';
import type { Database } from '../../db/database';
import type { GatewayDeps } from '../../deps';
import { AppError, envelopeResponses, invalidInput, ok } from '../../plugins/envelope';
import { databaseRateLimitStore } from '../../plugins/rate-limit-store';
import { logOperation } from '../operation-log/repository';
import { newId } from '../../ids';
import { nextGysId, nextSortNo, replaceApps } from '../organization/repository';

export const REGISTER_MAX_PER_WINDOW = 10;
export const REGISTER_WINDOW_MS = 60 * 60_000;

// biome-ignore lint/suspicious/noExplicitAny: the registration tables are this module's own
type AnyDb = Kysely<any>;
const dyn = (db: Kysely<Database> | Transaction<Database>) => db as unknown as AnyDb;

const text = (max: number) => Type.String({ maxLength: max });
const registerSchema = {
  tags: ['authcenter'],
  summary: '供应商自助注册（创建停用的账号与待审核的企业认证；按来源地址限流）',
  body: Type.Object(
    {
      companyName: text(120),
      creditCode: text(40),
      legalPerson: text(50),
      contactName: text(40),
      mobile: text(20),
      email: text(80),
      userName: text(40),
      password: text(40),
      rePassword: text(40),
      agreed: Type.Boolean(),
    },
    { additionalProperties: false },
  ),
  response: envelopeResponses(Type.Object({ registrationId: Type.String() })),
};

async function defaultTenant(db: AnyDb, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const row = await db.selectFrom('tenant').select('tenant_id').orderBy('tenant_id').limit(1).executeTakeFirstOrThrow();
  return String(row.tenant_id);
}

export const registrationRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = dyn(deps.db);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(deps.db, deps.now),
    keyGenerator: (request) => `register:${request.ip}`,
    errorResponseBuilder: () => new AppError(ResultCode.invalidInput, RegistrationMessage.tooMany, 429),
  });

  app.post(
    '/api/authcenter/register',
    {
      config: { access: 'public', rateLimit: { max: REGISTER_MAX_PER_WINDOW, timeWindow: REGISTER_WINDOW_MS } },
      schema: registerSchema,
    },
    async (request) => {
      const form = request.body as RegistrationForm;
      const refusal = Object.values(validateRegistration(form))[0];
      if (refusal) throw invalidInput(refusal);
      const creditCode = normalizeCreditCode(form.creditCode.trim());
      const userName = form.userName.trim();
      const tenantId = await defaultTenant(db, process.env.REGISTRATION_TENANT_ID);
      const now = deps.now();
      const passwordHash = await hash(form.password);
      const userId = newId(now);
      const certId = newId(now);
      const registrationId = newId(now);
      try {
        await deps.db.transaction().execute(async (trx) => {
          const t = dyn(trx);
          // Only the registration tenant's own names are asked about: which names other tenants hold is theirs.
          const taken = await t
            .selectFrom('app_user')
            .select('user_id')
            .where('tenant_id', '=', tenantId)
            .where(sql`lower(user_name)`, '=', userName.toLowerCase())
            .executeTakeFirst();
          if (taken) throw invalidInput(RegistrationMessage.userNameTaken);
          const companyTaken = await t
            .selectFrom('organization')
            .select('org_id')
            .where('tenant_id', '=', tenantId)
            .where('credit_code', '=', creditCode)
            .executeTakeFirst();
          const applying = await t
            .selectFrom('certification')
            .select('cert_id')
            .where('tenant_id', '=', tenantId)
            .where('kind', '=', 'ENTERPRISE')
            .where('id_number', '=', creditCode)
            .where('status', 'in', ['PENDING', 'APPROVED'])
            .executeTakeFirst();
          if (companyTaken || applying) throw invalidInput(RegistrationMessage.creditCodeTaken);
          const group = await t
            .selectFrom('organization')
            .select('org_id')
            .where('tenant_id', '=', tenantId)
            .where('org_type', '=', 'GROUP')
            .orderBy('sort_no')
            .limit(1)
            .executeTakeFirstOrThrow();
          // Until approved the account belongs to the group and is disabled: it can sign in to nothing.
          await t
            .insertInto('app_user')
            .values({
              user_id: userId,
              tenant_id: tenantId,
              user_name: userName,
              nick_name: form.contactName.trim(),
              organization_id: group.org_id,
              user_type: 'SUPPLIER',
              mobile: form.mobile.trim(),
              password_hash: passwordHash,
              status: 'DISABLED',
              created_at: now,
              updated_at: now,
            })
            .execute();
          await t
            .insertInto('certification')
            .values({
              cert_id: certId,
              tenant_id: tenantId,
              kind: 'ENTERPRISE',
              subject_name: form.companyName.trim(),
              id_number: creditCode,
              legal_person: form.legalPerson.trim(),
              status: 'PENDING',
              version: 1,
              created_at: now,
              updated_at: now,
            })
            .execute();
          await t
            .insertInto('registration')
            .values({
              registration_id: registrationId,
              tenant_id: tenantId,
              user_id: userId,
              cert_id: certId,
              company_name: form.companyName.trim(),
              credit_code: creditCode,
              contact_name: form.contactName.trim(),
              mobile: form.mobile.trim(),
              email: form.email.trim(),
              status: 'PENDING',
              created_at: now,
              updated_at: now,
            })
            .execute();
          await logOperation(trx, {
            tenantId,
            userId,
            now,
            action: 'registration.create',
            targetType: 'registration',
            targetId: registrationId,
            after: { companyName: form.companyName.trim(), creditCode, userName },
          });
        });
      } catch (error) {
        // The unique index holds names across tenants (sign-in names no tenant): a name it refuses is one another
        // tenant holds, or one this tenant took a moment ago; either way it is not said whose it is. Two
        // applications for one company at once: the loser is told as if it came second.
        const e = error as { code?: string; constraint?: string; message?: string };
        if (e?.code === '23505') {
          throw invalidInput(
            /app_user|user_name/.test(`${e.constraint ?? ''} ${e.message ?? ''}`)
              ? RegistrationMessage.userNameUnavailable
              : RegistrationMessage.creditCodeTaken,
          );
        }
        throw error;
      }
      return ok({ registrationId });
    },
  );
};

/**
 * A 企业认证 reviewed: when it is a registration's, approval makes the supplier and lets the account in;
 * rejection keeps the account disabled and the reviewer's comment for the next sign-in.
 */
export async function afterRegistrationReview(
  trx: Transaction<Database>,
  change: { after: { keyId: string; status: string; comment?: unknown }; tenantId: string; actorId: string; now: Date },
): Promise<void> {
  const t = dyn(trx);
  const registration = await t
    .selectFrom('registration')
    .selectAll()
    .where('tenant_id', '=', change.tenantId)
    .where('cert_id', '=', change.after.keyId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (!registration) return;
  const { now, tenantId } = change;
  if (change.after.status === 'REJECTED') {
    await t
      .updateTable('registration')
      .set({ status: 'REJECTED', comment: String(change.after.comment ?? ''), updated_at: now })
      .where('registration_id', '=', registration.registration_id)
      .execute();
    return;
  }
  if (change.after.status !== 'APPROVED') return;
  const orgId = newId(now);
  const group = await t
    .selectFrom('organization')
    .select('org_id')
    .where('tenant_id', '=', tenantId)
    .where('org_type', '=', 'GROUP')
    .orderBy('sort_no')
    .limit(1)
    .executeTakeFirstOrThrow();
  await t
    .insertInto('organization')
    .values({
      org_id: orgId,
      tenant_id: tenantId,
      parent_id: group.org_id,
      org_name: registration.company_name,
      org_type: 'SUPPLIER',
      gys_id: await nextGysId(trx, businessYear(now)),
      data_auth_state: 'PENDING',
      sort_no: await nextSortNo(trx, tenantId),
      credit_code: registration.credit_code,
      contact_name: registration.contact_name,
      contact_mobile: registration.mobile,
      email: registration.email,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const product = await t
    .selectFrom('app')
    .select('app_id')
    .where('tenant_id', '=', tenantId)
    .where('app_code', '=', 'wsf_app')
    .executeTakeFirst();
  if (product) await replaceApps(trx, orgId, [String(product.app_id)]);
  const role = await t
    .selectFrom('role')
    .select('role_id')
    .where('tenant_id', '=', tenantId)
    .where('role_code', '=', 'SUPPLIER_USER')
    .executeTakeFirstOrThrow();
  await t
    .updateTable('app_user')
    .set({ status: 'ENABLED', organization_id: orgId, updated_at: now })
    .where('user_id', '=', registration.user_id)
    .where('tenant_id', '=', tenantId)
    .execute();
  await t
    .insertInto('user_role')
    .values({ user_id: registration.user_id, role_id: role.role_id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await t
    .updateTable('registration')
    .set({ status: 'APPROVED', supplier_org_id: orgId, updated_at: now })
    .where('registration_id', '=', registration.registration_id)
    .execute();
  await logOperation(trx, {
    tenantId,
    userId: change.actorId,
    now,
    action: 'registration.approve',
    targetType: 'registration',
    targetId: registration.registration_id,
    after: { supplierOrgId: orgId, userId: registration.user_id },
  });
}

/** The account of a registration not (yet) approved, by sign-in name: its hash is checked like any other. */
export async function findApplicant(db: Kysely<Database>, userName: string) {
  return dyn(db)
    .selectFrom('app_user as u')
    .innerJoin('registration as r', 'r.user_id', 'u.user_id')
    .select(['u.user_id', 'u.password_hash', 'r.status', 'r.comment'])
    .where(sql`lower(u.user_name)`, '=', userName.toLowerCase())
    .where('r.status', '<>', 'APPROVED')
    .executeTakeFirst() as Promise<
    { user_id: string; password_hash: string; status: string; comment: string | null } | undefined
  >;
}

/**
 * What signing in tells an applicant who gave the right password: still under review, or the reviewer's
 * comment. Only after a correct password, so it reveals nothing about which names exist.
 */
export function applicantRefusal(applicant: { status: string; comment: string | null }): AppError {
  const message =
    applicant.status === 'PENDING'
      ? RegistrationMessage.underReview
      : RegistrationMessage.rejected(applicant.comment ?? '');
  return new AppError(ResultCode.forbidden, message);
}

export default registrationRoutes;
