import { P } from '@atelier/contracts';
import { Card, Grid, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useCategories, useMoveCategory } from '../api';
import { CategoryForm, CategoryPanel } from '../components/category-panel';
import { CategoryTree } from '../components/category-tree';

/** /p/categories/{id?}: the tree beside the chosen category (or a new top-level one) (50). */
export default function CategoriesPage() {
  const { id } = useParams();
  const { can } = useCan();
  const tree = useCategories();
  const move = useMoveCategory();
  if (!can(P.MODIFY_CATEGORIES)) return <NoAccess />;
  const rows = tree.data ?? [];
  const selected = rows.find((c) => c._id === id);
  return (
    <Stack>
      <PageHeader
        title="Categories"
        description="How your catalog is organised, in the store's menus and on every product. Drag a category to reorder it, or sideways to change its level."
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="sm">
            <CategoryTree
              rows={rows}
              selectedId={selected?._id}
              onMove={(row, placement) =>
                move.mutateAsync({ id: row._id, ...placement, version: row.version }).then(
                  () => toastSuccess(`${row.name} moved.`),
                  (error) => showSubmitError(error),
                )
              }
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? (
            <CategoryPanel category={selected} all={rows} />
          ) : (
            <Card withBorder padding="lg">
              <CategoryForm parentId={null} title="New category" />
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
