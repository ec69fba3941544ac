import type { ServiceIdentifier } from 'inversify';
import type { RegistrationForm } from '../../domain/registration/registration';

/** A supplier's own registration (/register): the application the platform reviews. */
export interface RegistrationGateway {
  register(form: RegistrationForm): Promise<{ registrationId: string }>;
}

export const RegistrationGatewayId: ServiceIdentifier<RegistrationGateway> = Symbol.for('RegistrationGateway');
