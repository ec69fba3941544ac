import type { ServiceIdentifier } from 'inversify';
import type { KpiFigures, StatisticsFilter, WidgetAnswer, WidgetName } from '../../domain/statistics/dashboard';

/**
 * 数据看板's calls (SPEC §7.2, menu-scoped: each carries the dashboard's menu id): a widget's figures for the
 * filters and view, its workbook, the whole dashboard's workbook, and the KPI cards. Screens name widgets, never paths.
 */
export interface StatisticsGateway {
  widget(name: WidgetName, filter: StatisticsFilter): Promise<WidgetAnswer>;
  kpi(filter: StatisticsFilter): Promise<KpiFigures>;
  /** The widget's table as a workbook, saved as the gateway names it. */
  exportWidget(name: WidgetName, filter: StatisticsFilter): Promise<void>;
  /** Every widget's table for the filters as one workbook, a sheet per widget. */
  exportDashboard(filter: StatisticsFilter): Promise<void>;
}

export const StatisticsGatewayId: ServiceIdentifier<StatisticsGateway> = Symbol.for('StatisticsGateway');
