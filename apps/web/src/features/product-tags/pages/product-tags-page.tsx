import { P, type ProductTag } from '@atelier/contracts';
import { Anchor, Button, Card, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteTag, useProductTags, useRenameTag } from '../api';

function RenameModal({ tag, all, onClose }: { tag: ProductTag; all: ProductTag[]; onClose: () => void }) {
  const [name, setName] = useState(tag.name);
  const [error, setError] = useState<string>();
  const rename = useRenameTag();
  const into = all.find((t) => t.name === name.trim() && t.name !== tag.name);
  const save = async () => {
    try {
      await rename.mutateAsync({ from: tag.name, to: name.trim() });
      toastSuccess(into ? `${tag.name} merged into ${into.name}.` : `${tag.name} renamed to ${name.trim()}.`);
      onClose();
    } catch (e) {
      if (e instanceof ApiError) setError(e.fields.name ?? e.message);
      else showSubmitError(e);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Rename ${tag.name}`}>
      <Stack>
        <TextInput label="New name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} />
        <Text size="sm" c="dimmed">
          {into
            ? `${into.name} exists: the ${tag.products} product${tag.products === 1 ? '' : 's'} tagged ${tag.name} join its ${into.products}.`
            : `The ${tag.products} product${tag.products === 1 ? '' : 's'} tagged ${tag.name} are renamed with it.`}
        </Text>
        <DialogActions
          onCancel={onClose}
          confirm={into ? 'Merge' : 'Rename'}
          onConfirm={save}
          loading={rename.isPending}
        />
      </Stack>
    </Modal>
  );
}

/** /p/tags: the product tags by name, how many products carry each; renamed, merged or removed at once (82). */
export default function ProductTagsPage() {
  const { can } = useCan();
  const tags = useProductTags();
  const remove = useDeleteTag();
  const [renaming, setRenaming] = useState<ProductTag | null>(null);
  const [removing, setRemoving] = useState<ProductTag | null>(null);
  if (!can(P.MODIFY_PRODUCT_TAGS)) return <NoAccess />;
  return (
    <Stack>
      <PageHeader
        title="Tags"
        description="The labels on your products. Rename one to tidy it, or to another tag's name to merge the two."
      />
      <Card withBorder padding="sm" maw={760}>
        {!tags.data ? (
          <Loader aria-label="Loading the tags" />
        ) : tags.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No product has a tag yet. Tags are added on each product.
          </Text>
        ) : (
          <ScrollTable
            minWidth={420}
            head={['Tag', 'Products', 'Actions']}
            rows={tags.data.map((tag) => ({
              key: tag.name,
              cells: [
                tag.name,
                <Anchor
                  key="n"
                  component={Link}
                  to={`/p/products?filter%5Btag%5D%5B%5D=${encodeURIComponent(tag.name)}`}
                >
                  {tag.products} product{tag.products === 1 ? '' : 's'}
                </Anchor>,
                <Group key="a" gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setRenaming(tag)}
                    aria-label={`Rename ${tag.name}`}
                  >
                    Rename
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(tag)}
                    aria-label={`Remove ${tag.name}`}
                  >
                    Remove
                  </Button>
                </Group>,
              ],
            }))}
          />
        )}
      </Card>
      {renaming && tags.data && <RenameModal tag={renaming} all={tags.data} onClose={() => setRenaming(null)} />}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={`Remove ${removing?.name ?? ''}?`}>
        <Stack>
          <Text size="sm">
            It comes off {removing?.products} product{removing?.products === 1 ? '' : 's'}; their other tags stay. To
            keep them together, rename it to another tag instead.
          </Text>
          <DialogActions
            onCancel={() => setRemoving(null)}
            confirm="Remove"
            color="red"
            loading={remove.isPending}
            onConfirm={() =>
              remove.mutateAsync(removing!.name).then(
                () => {
                  toastSuccess(`${removing!.name} removed.`);
                  setRemoving(null);
                },
                (error) => showSubmitError(error),
              )
            }
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
