import type { Material } from '@atelier/contracts';
import { Loader } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { ReorderEditor } from '../../stock/components/reorder-editor';
import { useReorderLevels } from '../../stock/reorder-api';
import { materials } from '../api';

/** /p/materials/{id}/reorder: the material's reorder levels, per warehouse. */
export default function MaterialReorderTab() {
  const { record } = useRecord<Material>();
  const levels = useReorderLevels(materials.path(record._id));
  if (!levels.data) return <Loader aria-label="Loading the reorder levels" />;
  return <ReorderEditor path={materials.path(record._id)} unit={record.unit} data={levels.data} variants={[]} />;
}
