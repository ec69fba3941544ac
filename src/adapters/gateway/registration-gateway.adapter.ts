import { inject, injectable } from 'inversify';
import type { RegistrationGateway } from '../../application/ports/registration-gateway.port';
import type { RegistrationForm } from '../../domain/registration/registration';
import { HttpClient, HttpClientId } from './http-client';

@injectable()
export class RegistrationGatewayAdapter implements RegistrationGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  register(form: RegistrationForm): Promise<{ registrationId: string }> {
    const trimmed = {
      ...form,
      companyName: form.companyName.trim(),
      creditCode: form.creditCode.trim().toUpperCase(),
      legalPerson: form.legalPerson.trim(),
      contactName: form.contactName.trim(),
      mobile: form.mobile.trim(),
      email: form.email.trim(),
      userName: form.userName.trim(),
    };
    return this.http.post('/api/authcenter/register', { data: trimmed });
  }
}
