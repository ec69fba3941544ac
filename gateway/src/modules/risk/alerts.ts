// 风险检测's alerts raised by the platform itself (BUSINESS.md §2 Risk): a check elsewhere — a 存续期报告 approved
// as 次级 or worse — records what it found as an alert 待处理 about the business's supplier, as the checks of
// the risk area do, in the caller's transaction; risk then 处理s it on /risk/riskDetection like any other.
import type { Kysely } from 'kysely';
import type { ALERT_CATEGORY_LABEL, ALERT_LEVEL_LABEL } from '../../../../src/domain/risk/risk-alert.resource';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import type { Database } from '../../db/database';
import { newId } from '../../ids';

export interface RaisedAlert {
  tenantId: string;
  subject: { type: 'SUPPLIER' | 'PROJECT_COMPANY'; id: string | null; name: string };
  category: keyof typeof ALERT_CATEGORY_LABEL;
  level: keyof typeof ALERT_LEVEL_LABEL;
  businessNos: string[];
  summary: string;
  /** Who or what raised it (a user, or the system actor), and when on the app's clock. */
  raisedBy: string;
  now: Date;
}

/** Records one alert 待处理; answers its id. */
export async function raiseRiskAlert(db: Kysely<Database>, alert: RaisedAlert): Promise<string> {
  const id = newId(alert.now);
  await db
    .insertInto('risk_alert')
    .values({
      alert_id: id,
      tenant_id: alert.tenantId,
      subject_type: alert.subject.type,
      subject_id: alert.subject.id,
      subject_name: alert.subject.name,
      category: alert.category,
      level: alert.level,
      detected_on: businessDay(alert.now),
      business_nos: alert.businessNos.join(',') || null,
      summary: alert.summary,
      status: 'PENDING',
      created_by: alert.raisedBy,
      version: 1,
      created_at: alert.now,
      updated_at: alert.now,
    })
    .execute();
  return id;
}
