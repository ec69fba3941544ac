// A reset or initial password that passes the SPEC §5 policy: 12 characters with every class present, drawn
// with crypto.randomInt and shuffled, then checked against the shared policy all the same.
import { randomInt } from 'node:crypto';
import { checkPasswordStrength } from '../../../../src/domain/password/password-policy';

// Look-alikes (0/O, 1/l/I) left out: the password is read off a screen and typed.
const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#$%&*!?'];

export function generatePassword(length = 12): string {
  for (;;) {
    const chars = CLASSES.map((c) => c[randomInt(c.length)]!);
    const all = CLASSES.join('');
    while (chars.length < length) chars.push(all[randomInt(all.length)]!);
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if (checkPasswordStrength(password) === null) return password;
  }
}
