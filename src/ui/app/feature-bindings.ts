// The ports of the screens behind the login page and the adapters that implement them: a lazy chunk of its
// own (container.ts featureLoader), so that none of these adapters weighs on the login page.
import type { Container } from 'inversify';
import { AccountGatewayId } from '../../application/ports/account-gateway.port';
import { RoleGatewayId } from '../../application/ports/role-gateway.port';
import { UserGatewayId } from '../../application/ports/user-gateway.port';
import { OrganizationGatewayId } from '../../application/ports/organization-gateway.port';
import { ResourceGatewayId } from '../../application/ports/resource-gateway.port';
import { RegistrationGatewayId } from '../../application/ports/registration-gateway.port';
import { AssetsGatewayId } from '../../application/ports/assets-gateway.port';
import { ParametersGatewayId } from '../../application/ports/parameters-gateway.port';
import { StatisticsGatewayId } from '../../application/ports/statistics-gateway.port';
import { SearchGatewayId } from '../../application/ports/search-gateway.port';
import { ReviewGatewayId } from '../../application/ports/review-gateway.port';
import { StageGatewayId } from '../../application/ports/stage-gateway.port';
import { BusinessGatewayId } from '../../application/ports/business-gateway.port';
import { FileGatewayId, FileSaverId } from '../../application/ports/file-gateway.port';
import { SupplierAuthorizationGatewayId } from '../../application/ports/supplier-authorization.port';
import { AccountGatewayAdapter } from '../../adapters/gateway/account-gateway.adapter';
import { RoleGatewayAdapter } from '../../adapters/gateway/role-gateway.adapter';
import { UserGatewayAdapter } from '../../adapters/gateway/user-gateway.adapter';
import { OrganizationGatewayAdapter } from '../../adapters/gateway/organization-gateway.adapter';
import { ResourceGatewayAdapter } from '../../adapters/gateway/resource-gateway.adapter';
import { RegistrationGatewayAdapter } from '../../adapters/gateway/registration-gateway.adapter';
import { AssetsGatewayAdapter } from '../../adapters/gateway/assets-gateway.adapter';
import { ParametersGatewayAdapter } from '../../adapters/gateway/parameters-gateway.adapter';
import { StatisticsGatewayAdapter } from '../../adapters/gateway/statistics-gateway.adapter';
import { SearchGatewayAdapter } from '../../adapters/gateway/search-gateway.adapter';
import { ReviewGatewayAdapter } from '../../adapters/gateway/review-gateway.adapter';
import { StageGatewayAdapter } from '../../adapters/gateway/stage-gateway.adapter';
import { BusinessGatewayAdapter } from '../../adapters/gateway/business-gateway.adapter';
import { BrowserFileSaver, FileGatewayAdapter } from '../../adapters/gateway/file-gateway.adapter';
import { SupplierAuthorizationGatewayAdapter } from '../../adapters/gateway/supplier-authorization-gateway.adapter';

export function bindFeatures(container: Container): void {
  container.bind(SupplierAuthorizationGatewayId).to(SupplierAuthorizationGatewayAdapter).inSingletonScope();
  container.bind(AccountGatewayId).to(AccountGatewayAdapter).inSingletonScope();
  container.bind(RoleGatewayId).to(RoleGatewayAdapter).inSingletonScope();
  container.bind(UserGatewayId).to(UserGatewayAdapter).inSingletonScope();
  container.bind(OrganizationGatewayId).to(OrganizationGatewayAdapter).inSingletonScope();
  container.bind(ResourceGatewayId).to(ResourceGatewayAdapter).inSingletonScope();
  container.bind(RegistrationGatewayId).to(RegistrationGatewayAdapter).inSingletonScope();
  container.bind(AssetsGatewayId).to(AssetsGatewayAdapter).inSingletonScope();
  container.bind(ParametersGatewayId).to(ParametersGatewayAdapter).inSingletonScope();
  container.bind(StatisticsGatewayId).to(StatisticsGatewayAdapter).inSingletonScope();
  container.bind(SearchGatewayId).to(SearchGatewayAdapter).inSingletonScope();
  container.bind(ReviewGatewayId).to(ReviewGatewayAdapter).inSingletonScope();
  // Every lifecycle stage, by its definition: a new stage adds no binding.
  container.bind(StageGatewayId).to(StageGatewayAdapter).inSingletonScope();
  container.bind(BusinessGatewayId).to(BusinessGatewayAdapter).inSingletonScope();
  container.bind(FileSaverId).to(BrowserFileSaver).inSingletonScope();
  container.bind(FileGatewayId).to(FileGatewayAdapter).inSingletonScope();
}
