import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRealDate } from '../format/date-format';
import { PROVINCE_CODES, checkResidentId, isResidentId, residentIdBirthDate, residentIdCheckChar } from './resident-id';

const runs = { numRuns: 1000 };
const TODAY = new Date(2026, 5, 15);

function withCheck(first17: string): string {
  return first17 + residentIdCheckChar(first17);
}

describe('resident ID (SPEC §5)', () => {
  it.each<[string, ReturnType<typeof checkResidentId>]>([
    ['11010519491231002X', null],
    ['11010519491231002x', null],
    ['110101199003074477', null],
    [' 110101199003074477 ', null],
    ['110101199003074478', 'checksum'],
    ['320102199001011234', 'checksum'],
    ['440524188001010014', 'format'],
    ['11010519491231002', 'format'],
    ['1101051949123100211', 'format'],
    ['11010519491231002Y', 'format'],
    [withCheck('99010119900101123'), 'region'],
    [withCheck('00010119900101123'), 'region'],
    [withCheck('91010119900101123'), 'region'],
    [withCheck('11010119900230123'), 'birthDate'],
    [withCheck('11010119001301123'), 'birthDate'],
    [withCheck('11010120000229123'), null],
    [withCheck('11010119000229123'), 'birthDate'],
    [withCheck('11010120260615123'), null],
    [withCheck('11010120260616123'), 'birthDate'],
    [withCheck('11010130000101123'), 'format'],
    [withCheck('81000019900101123'), null],
  ])('%j → %s', (id, expected) => {
    expect(checkResidentId(id, TODAY)).toBe(expected);
  });

  it('reads the birth date', () => {
    expect(residentIdBirthDate('11010519491231002X')).toEqual({ year: 1949, month: 12, day: 31 });
    expect(residentIdBirthDate('abc')).toBeNull();
  });

  const validId = fc
    .record({
      province: fc.constantFrom(...PROVINCE_CODES),
      area: fc.integer({ min: 0, max: 9999 }),
      year: fc.integer({ min: 1900, max: 2026 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
      sequence: fc.integer({ min: 0, max: 999 }),
    })
    .filter(
      ({ year, month, day }) =>
        isRealDate(year, month, day) && (year < 2026 || month < 6 || (month === 6 && day <= 15)),
    )
    .map(({ province, area, year, month, day, sequence }) =>
      withCheck(
        `${province}${String(area).padStart(4, '0')}${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(sequence).padStart(3, '0')}`,
      ),
    );

  it('accepts every generated valid ID', () => {
    fc.assert(
      fc.property(validId, (id) => isResidentId(id, TODAY)),
      runs,
    );
  });

  it('refuses every ID with one character changed', () => {
    fc.assert(
      fc.property(
        validId,
        fc.integer({ min: 0, max: 17 }),
        fc.constantFrom(...'0123456789X'),
        (id, position, replacement) => {
          fc.pre(id[position] !== replacement);
          const changed = id.slice(0, position) + replacement + id.slice(position + 1);
          return !isResidentId(changed, TODAY);
        },
      ),
      runs,
    );
  });

  it('refuses every birth date after today', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), (daysAhead) => {
        const birth = new Date(2026, 5, 15 + daysAhead);
        fc.pre(birth.getFullYear() <= 2999);
        const ymd = `${birth.getFullYear()}${String(birth.getMonth() + 1).padStart(2, '0')}${String(birth.getDate()).padStart(2, '0')}`;
        return checkResidentId(withCheck(`110101${ymd}123`), TODAY) === 'birthDate';
      }),
      runs,
    );
  });
});
