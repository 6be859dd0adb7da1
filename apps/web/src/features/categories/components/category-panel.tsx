import { type Category, categoryInputSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, Modal, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api';
import { subtree } from '../tree';

type Values = { name: string; description: string };

/** A category's name and description (or a new one's, under `parentId`). */
export function CategoryForm({
  category,
  parentId,
  title,
}: {
  category?: Category;
  parentId: string | null;
  title: string;
}) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: zodResolver(categoryInputSchema.pick({ name: true, description: true })) as never,
    values: { name: category?.name ?? '', description: category?.description ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      if (category) {
        await update.mutateAsync({
          id: category._id,
          ...values,
          parentId: category.parentId,
          version: category.version,
        });
        toastSuccess(`${values.name} saved.`);
      } else {
        const made = await create.mutateAsync({ ...values, parentId });
        form.reset({ name: '', description: '' });
        toastSuccess(`${made.name} created.`);
        navigate(`/p/categories/${made._id}`);
      }
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
        <Textarea
          label="Description"
          description="Shown on the store's category page"
          autosize
          minRows={2}
          {...form.register('description')}
          error={form.formState.errors.description?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {category ? 'Save' : 'Create category'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Deleting: a category with products or subcategories first sends them to another one. */
function DeleteCategory({ category, all }: { category: Category; all: Category[] }) {
  const [open, setOpen] = useState(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const remove = useDeleteCategory();
  const navigate = useNavigate();
  const children = all.filter((c) => c.parentId === category._id).length;
  const needsTarget = category.products > 0 || children > 0;
  const holds = [
    ...(category.products ? [`${category.products} product${category.products === 1 ? '' : 's'}`] : []),
    ...(children ? [`${children} subcategor${children === 1 ? 'y' : 'ies'}`] : []),
  ].join(' and ');
  const inside = subtree(all, category._id);
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: category._id, ...(moveTo ? { moveTo } : {}) });
      toastSuccess(`${category.name} deleted.`);
      setOpen(false);
      navigate('/p/categories');
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setOpen(true)}>
        Delete {category.name}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Delete ${category.name}?`}>
        <Stack>
          {needsTarget ? (
            <>
              <Text size="sm">
                {category.name} has {holds}. They move to the category you choose, and each product's history says so.
              </Text>
              <Select
                label="Move them to"
                searchable
                data={all.filter((c) => !inside.has(c._id)).map((c) => ({ value: c._id, label: c.path }))}
                value={moveTo}
                onChange={setMoveTo}
              />
            </>
          ) : (
            <Text size="sm">It holds no products and no subcategories.</Text>
          )}
          <DialogActions
            onCancel={() => setOpen(false)}
            confirm="Delete"
            color="red"
            onConfirm={confirm}
            loading={remove.isPending}
            disabled={needsTarget && !moveTo}
          />
        </Stack>
      </Modal>
    </>
  );
}

/** The chosen category: its details, a new subcategory under it, its products, deleting it. */
export function CategoryPanel({ category, all }: { category: Category; all: Category[] }) {
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Text size="sm" c="dimmed" mb="xs">
          {category.path}
        </Text>
        <CategoryForm key={category._id} category={category} parentId={category.parentId} title={category.name} />
        <Group justify="space-between" mt="md">
          <Anchor component={Link} to={`/p/products?filter%5Bcategory%5D%5B%5D=${category._id}`}>
            See its products, subcategories included
          </Anchor>
          <DeleteCategory category={category} all={all} />
        </Group>
      </Card>
      <Card withBorder padding="lg">
        <CategoryForm
          key={`new-${category._id}`}
          parentId={category._id}
          title={`New subcategory of ${category.name}`}
        />
      </Card>
    </Stack>
  );
}
