// What 生成函件 writes, as the route makes it for the caller and a walk (the seed, a test's set-up) for a seeded
// person: the letter drawn from its template with the business's values (the kit's print values: the debtor, the
// amount also in 大写, the contracts' numbers) and stored through the file service before its transaction opens,
// which only records it as the kit's document (its number, series, version and sha-256), addressed to the project
// company — or, for the 付款确认书, to the capital side.
import type { Kysely } from 'kysely';
import {
  LETTER_ITEM_STATES,
  LETTER_TYPE_LABEL,
  LetterMessage,
  type LetterType,
} from '../../../../src/domain/financing/letters';
import { itemParentRefusal } from '../../../../src/domain/workflow/items';
import type { Database } from '../../db/database';
import { invalidInput } from '../../plugins/envelope';
import { type DocumentPlace, type PrintMaker, businessPrintValues } from '../../stage/stage-print-values';
import { makeBusinessDocument } from '../../stage/stage-printed-make';
import { LETTER_FILE_TYPE, letterOf } from './store';
import { LETTER_TEMPLATES } from './templates';

/** 生成函件: the letter drawn from its template and stored before its transaction, recorded on the kit. */
export async function makeLetter(
  db: Kysely<Database>,
  place: DocumentPlace,
  m: PrintMaker,
  businessId: string,
  letterType: LetterType,
) {
  const toProject = letterType !== 'PAYMENT_CONFIRMATION';
  const name = LETTER_TYPE_LABEL[letterType];
  const made = await makeBusinessDocument(db, place, m, {
    ...{ businessId, notFound: LetterMessage.businessNotFound },
    check(business) {
      const refused = itemParentRefusal(business, LETTER_ITEM_STATES, '函件');
      if (refused) throw invalidInput(refused);
    },
    document: {
      ...{ table: 'formal_letter', fileType: LETTER_FILE_TYPE, kind: 'letter', replaces: '' },
      numbering: { no: 'letter_no', version: 'letter_version' },
    },
    from: {
      ...{ template: LETTER_TEMPLATES[letterType], name, no: 'letterNo' },
      values: (business) => businessPrintValues(db, m.tenantId, business, m.now),
    },
    columns: (business, values) => ({
      ...{ name, letter_type: letterType },
      addressee_org_id: toProject ? values?.projectCompanyId : business.capitalSideId,
      addressee_name: toProject ? values?.projectCompanyName : values?.capitalSideName,
    }),
  });
  return letterOf(made.row);
}
