// 付款单信息: the kit's list of payment orders (footer sums, 确权 with its evidence and amount) with 导入 and a
// detail page of its own (BUSINESS.md §4).
import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAYMENT_ORDER, PAYMENT_ORDER_DETAILS_PATH } from '../../../domain/assets/payment-order.resource';
import { useServices } from '../../app/services';
import { ResourceScreen } from '../resource/resource-screen';
import { OrderImportDialog } from './order-import-dialog';

export function PaymentOrderScreen() {
  const { assets, notifier } = useServices();
  const navigate = useNavigate();
  const [importing, setImporting] = useState<null | (() => void)>(null);
  return (
    <>
      <ResourceScreen
        def={PAYMENT_ORDER}
        onView={(row) => navigate(`${PAYMENT_ORDER_DETAILS_PATH}?id=${encodeURIComponent(row.keyId)}`)}
        toolbar={(grants, reload) =>
          grants.has('import') && <Button onClick={() => setImporting(() => reload)}>导入</Button>
        }
      />
      {importing && (
        <OrderImportDialog
          gateway={assets}
          notifier={notifier}
          onClose={() => setImporting(null)}
          onImported={importing}
        />
      )}
    </>
  );
}
