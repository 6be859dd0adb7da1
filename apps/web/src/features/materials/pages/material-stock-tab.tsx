import type { Material } from '@atelier/contracts';
import { useRecord } from '../../../components/record/record-outlet';
import { unitWords } from '../../../lib/unit-words';
import { StockTab } from '../../stock/components/stock-tab';

/** /p/materials/{id}/stock: the material's stock per warehouse and its ledger. */
export default function MaterialStockTab() {
  const { record } = useRecord<Material>();
  return (
    <StockTab
      owner={{ type: 'material', id: record._id }}
      items={[{ type: 'material', id: record._id, name: record.name }]}
      unitLabel={unitWords(record.unit, 2)}
    />
  );
}
