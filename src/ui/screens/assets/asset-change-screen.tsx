// 资产变更查询: the kit's list of asset changes (处理 with its handling choice), whose 查看 opens the change's
// detail page with the field-by-field before and after (BUSINESS.md §4).
import { useNavigate } from 'react-router-dom';
import { ASSET_CHANGE, ASSET_CHANGE_DETAIL_PATH } from '../../../domain/assets/asset-change.resource';
import { ResourceScreen } from '../resource/resource-screen';

export function AssetChangeScreen() {
  const navigate = useNavigate();
  const open = (keyId: string) => navigate(`${ASSET_CHANGE_DETAIL_PATH}?id=${encodeURIComponent(keyId)}`);
  return <ResourceScreen def={ASSET_CHANGE} onView={(row) => open(row.keyId)} />;
}
