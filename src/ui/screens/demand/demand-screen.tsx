// 融资需求管理: the kit's list of demands (新增 in the dialog, 受理 / 关闭 as the gateway offers them on each row);
// an accepted demand's 业务编号 opens its business.
import { Link } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { FINANCING_DEMAND } from '../../../domain/financing/financing-demand';
import { ResourceScreen } from '../resource/resource-screen';

export const BUSINESS_DETAILS_PATH = '/business/newDetails';

export function DemandScreen() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      def={FINANCING_DEMAND}
      renderCell={{
        businessNo: (row) =>
          row.businessId ? (
            <Link onClick={() => navigate(`${BUSINESS_DETAILS_PATH}?id=${encodeURIComponent(String(row.businessId))}`)}>
              {String(row.businessNo ?? '')}
            </Link>
          ) : (
            '--'
          ),
      }}
    />
  );
}
