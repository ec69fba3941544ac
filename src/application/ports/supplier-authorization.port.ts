import type { ServiceIdentifier } from 'inversify';
import type {
  AuthorizationDocument,
  SupplierAuthRequest,
  SupplierAuthResult,
} from '../../domain/supplier-authorization/supplier-authorization';

/** SPEC §7.2 "Supplier authorization". */
export interface SupplierAuthorizationGateway {
  /** The letter to consent to while the supplier's consent is still needed; null once it is not. */
  checkAuthorization(gysId: string): Promise<AuthorizationDocument | null>;
  /** The capital sides the consent covers. */
  getCapitalSideCodes(gysId: string): Promise<string[]>;
  /** The consent; a refusal the supplier can act on comes back as code '1' with its reason. */
  updateSupplierAuth(request: SupplierAuthRequest): Promise<SupplierAuthResult>;
}

export const SupplierAuthorizationGatewayId: ServiceIdentifier<SupplierAuthorizationGateway> =
  Symbol.for('SupplierAuthorizationGateway');
