import { P, type ProductTemplate, SELL_UNIT_LABELS } from '@atelier/contracts';
import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DeleteDialog } from '../../../components/delete-dialog';
import { NoAccess } from '../../../components/no-access';
import { ScrollTable } from '../../../components/scroll-table';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useCategories } from '../../categories/api';
import { TemplateModal } from '../components/template-form';
import { useDeleteProductTemplate, useProductTemplates } from '../templates-api';

const price = (t: ProductTemplate) =>
  t.fields.priceCents === null ? 'Set on each product' : formatMoney(t.fields.priceCents);

/** /s/product/templates: what new products start from (74), and a link to start one. */
export default function ProductTemplatesTab() {
  const { can } = useCan();
  const templates = useProductTemplates();
  const categories = useCategories().data ?? [];
  const remove = useDeleteProductTemplate();
  const [editing, setEditing] = useState<ProductTemplate | 'new' | null>(null);
  const [removing, setRemoving] = useState<ProductTemplate | null>(null);
  if (!can(P.MODIFY_PRODUCT_TEMPLATES)) return <NoAccess />;
  const pathOf = (id: string | null) => categories.find((c) => c._id === id)?.path ?? '';
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          A template fills in a new product’s unit, pricing, category, filters and options. Start one from the products
          list with New from template.
        </Text>
        <Button onClick={() => setEditing('new')}>New template</Button>
      </Group>
      <Card withBorder padding="sm">
        {!templates.data ? (
          <Loader aria-label="Loading the templates" />
        ) : templates.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No template yet.
          </Text>
        ) : (
          <ScrollTable
            minWidth={800}
            head={['Template', 'Sold by', 'Price', 'Category', 'Options', 'Actions']}
            rows={templates.data.map((t) => ({
              key: t._id,
              cells: [
                <Text key="n" fw={600} size="sm">
                  {t.name}
                </Text>,
                t.fields.unit ? SELL_UNIT_LABELS[t.fields.unit] : '',
                price(t),
                pathOf(t.fields.category),
                t.fields.options.map((o) => `${o.name} (${o.values.length})`).join(', '),
                <Group key="a" gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    component={Link}
                    to={`/p/products/new?template=${t._id}`}
                    aria-label={`New product from ${t.name}`}
                  >
                    New product
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setEditing(t)}
                    aria-label={`Edit ${t.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(t)}
                    aria-label={`Delete ${t.name}`}
                  >
                    Delete
                  </Button>
                </Group>,
              ],
            }))}
          />
        )}
      </Card>
      {editing && (
        <TemplateModal
          key={editing === 'new' ? 'new' : `${editing._id}-${editing.version}`}
          template={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        name={removing?.name ?? null}
        text="Products made from it keep what it filled in."
        remove={() => remove.mutateAsync(removing!._id)}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
