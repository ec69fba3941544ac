import { inject, injectable } from 'inversify';
import type {
  AssetsGateway,
  ChangeDiffs,
  OrderDetails,
  OrderImportReport,
} from '../../application/ports/assets-gateway.port';
import { type FileSaver, FileSaverId } from '../../application/ports/file-gateway.port';
import type { ResourcePage, ResourceQuery } from '../../application/ports/resource-gateway.port';
import { menuIdForPath } from '../../domain/menu/menu';
import type { PageRequest } from '../../domain/paging/page';
import { HttpClient, HttpClientId } from './http-client';

const filters = (query: ResourceQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v.trim() !== ''));

@injectable()
export class AssetsGatewayAdapter implements AssetsGateway {
  constructor(
    @inject(HttpClientId) private readonly http: HttpClient,
    @inject(FileSaverId) private readonly saver: FileSaver,
  ) {}

  orderDetails(keyId: string): Promise<OrderDetails> {
    return this.http.get(`/api/assets/paymentOrder/${encodeURIComponent(keyId)}/details`);
  }

  changeDiffs(keyId: string): Promise<ChangeDiffs> {
    return this.http.get(`/api/assets/assetChange/${encodeURIComponent(keyId)}/diffs`);
  }

  async downloadOrderTemplate(): Promise<string> {
    const { blob, fileName } = await this.http.blob('GET', '/api/assets/paymentOrder/template', {
      fallbackName: '付款单导入模板.xlsx',
    });
    this.saver.save(blob, fileName);
    return fileName;
  }

  importOrders(file: Blob & { readonly name: string }): Promise<OrderImportReport> {
    const form = new FormData();
    form.append('file', file, file.name);
    return this.http.upload<OrderImportReport>('/api/assets/paymentOrder/import', form, { silent: false });
  }

  // SPEC §7.2: menu-scoped calls carry the menu id (the normalised path of the menu they serve).
  payBookPage(menuPath: string, query: ResourceQuery, page: PageRequest): Promise<ResourcePage> {
    return this.http.get('/api/assets/payBook/page', {
      params: { ...filters(query), menuId: menuIdForPath(menuPath), current: page.current, size: page.size },
    });
  }

  async loanAmountSum(menuPath: string, query: ResourceQuery): Promise<number> {
    const answer = await this.http.get<{ loanAmount: number }>('/api/assets/payBook/loanAmountSum', {
      params: { ...filters(query), menuId: menuIdForPath(menuPath) },
    });
    return answer.loanAmount;
  }
}
