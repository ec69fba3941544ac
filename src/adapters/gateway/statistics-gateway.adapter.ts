import { inject, injectable } from 'inversify';
import { type FileSaver, FileSaverId } from '../../application/ports/file-gateway.port';
import type { StatisticsGateway } from '../../application/ports/statistics-gateway.port';
import { menuIdForPath } from '../../domain/menu/menu';
import {
  DASHBOARD_EXPORT_API,
  DASHBOARD_MENU,
  DASHBOARD_TITLE,
  KPI_API,
  type KpiFigures,
  type StatisticsFilter,
  WIDGETS,
  type WidgetAnswer,
  type WidgetName,
} from '../../domain/statistics/dashboard';
import { HttpClient, HttpClientId } from './http-client';

/** The filters that are set, with the dashboard's menu id (SPEC §7.2). */
const paramsOf = (filter: StatisticsFilter) => ({
  ...Object.fromEntries(Object.entries(filter).filter(([, v]) => typeof v === 'string' && v.trim() !== '')),
  menuId: menuIdForPath(DASHBOARD_MENU),
});

@injectable()
export class StatisticsGatewayAdapter implements StatisticsGateway {
  constructor(
    @inject(HttpClientId) private readonly http: HttpClient,
    @inject(FileSaverId) private readonly saver: FileSaver,
  ) {}

  widget(name: WidgetName, filter: StatisticsFilter): Promise<WidgetAnswer> {
    return this.http.get(WIDGETS[name].api, { params: paramsOf(filter), silent: true });
  }

  kpi(filter: StatisticsFilter): Promise<KpiFigures> {
    return this.http.get(KPI_API, { params: paramsOf(filter), silent: true });
  }

  async exportWidget(name: WidgetName, filter: StatisticsFilter): Promise<void> {
    const { blob, fileName } = await this.http.blob('GET', `${WIDGETS[name].api}/export`, {
      params: paramsOf(filter),
      fallbackName: `${WIDGETS[name].title}.xlsx`,
    });
    this.saver.save(blob, fileName);
  }

  async exportDashboard(filter: StatisticsFilter): Promise<void> {
    const { blob, fileName } = await this.http.blob('GET', DASHBOARD_EXPORT_API, {
      params: paramsOf(filter),
      fallbackName: `${DASHBOARD_TITLE}.xlsx`,
    });
    this.saver.save(blob, fileName);
  }
}
