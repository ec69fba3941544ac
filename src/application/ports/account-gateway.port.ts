import type { ServiceIdentifier } from 'inversify';
import type { PasswordChangeRequest } from '../../domain/password/password-change-form';

/** The signed-in user's own account (SPEC §7.2 Users: change password). */
export interface AccountGateway {
  changePassword(request: PasswordChangeRequest): Promise<void>;
}

export const AccountGatewayId: ServiceIdentifier<AccountGateway> = Symbol.for('AccountGateway');
