import { IMAGE_TYPES, MAX_PRODUCT_IMAGES, type Product, type ProductImage } from '@atelier/contracts';
import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { useRecord } from '../../../components/record/record-outlet';
import { useSortableList } from '../../../components/sortable';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { ModelCard } from '../components/model-card';
import { useDeleteProductImage, useEditProductImages, useProductImages, useUploadProductImage } from '../images-api';

type Tile = ProductImage & { edited: string };

function ImageTile({
  tile,
  index,
  onAlt,
  onPrimary,
  onDelete,
}: {
  tile: Tile;
  index: number;
  onAlt: (alt: string) => void;
  onPrimary: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: tile._id,
  });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="xs"
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
    >
      <Card.Section pos="relative">
        <Image
          src={tile.thumbUrl}
          alt={tile.edited || tile.name}
          h={160}
          fit="contain"
          bg="var(--mantine-color-default-hover)"
        />
        {index === 0 && (
          <Badge pos="absolute" top={8} left={8} variant="filled">
            Primary
          </Badge>
        )}
      </Card.Section>
      <Stack gap={6} mt="xs">
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text size="xs" c="dimmed" truncate title={tile.name}>
            {tile.name} · {tile.width} × {tile.height}
          </Text>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={`Move ${tile.name}`}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${tile.name}`} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <TextInput
          size="xs"
          label="Alt text"
          description="What the image shows, for screen readers"
          value={tile.edited}
          onChange={(e) => onAlt(e.currentTarget.value)}
        />
        {index > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={onPrimary} aria-label={`Make ${tile.name} primary`}>
            Make primary
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A product's images: dropped or chosen (several at once), cleaned and thumbnailed by the
 * server; dragged into order (the first is the primary one), each with its alt text.
 */
function ImagesEditor({ product, images }: { product: Product; images: ProductImage[] }) {
  const [tiles, setTiles] = useState<Tile[]>(() => images.map((i) => ({ ...i, edited: i.alt })));
  const [over, setOver] = useState(false);
  const [uploading, setUploading] = useState(0);
  const upload = useUploadProductImage(product._id);
  const save = useEditProductImages(product._id);
  const remove = useDeleteProductImage(product._id);
  // Newly uploaded or deleted images come in from the server; local order and alt edits stay.
  const merged: Tile[] = [
    ...tiles.filter((t) => images.some((i) => i._id === t._id)),
    ...images.filter((i) => !tiles.some((t) => t._id === i._id)).map((i) => ({ ...i, edited: i.alt })),
  ];
  const dirty =
    merged.some((t, i) => t._id !== images[i]?._id || t.edited.trim() !== t.alt) || merged.length !== images.length;
  const sortable = useSortableList(
    merged,
    (t) => t._id,
    (t) => t.name,
  );
  const onDragEnd = ({ active, over: target }: DragEndEvent) => {
    if (!target || active.id === target.id) return;
    setTiles(
      arrayMove(
        merged,
        merged.findIndex((t) => t._id === active.id),
        merged.findIndex((t) => t._id === target.id),
      ),
    );
  };
  const send = async (files: File[]) => {
    for (const file of files) {
      setUploading((n) => n + 1);
      try {
        await upload.mutateAsync(file);
        toastSuccess(`${file.name} added.`);
      } catch (error) {
        showSubmitError(error);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void send([...e.dataTransfer.files]);
  };
  const full = merged.length >= MAX_PRODUCT_IMAGES;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Images ({merged.length})
          </Title>
          <Button
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              save.mutateAsync({ images: merged.map((t) => ({ _id: t._id, alt: t.edited })) }).then(
                (saved) => {
                  setTiles(saved.map((i) => ({ ...i, edited: i.alt })));
                  toastSuccess('Images saved.');
                },
                (error) => showSubmitError(error),
              )
            }
          >
            Save order and alt text
          </Button>
        </Group>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          p="lg"
          style={{
            border: `2px dashed ${over ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
            borderRadius: 'var(--mantine-radius-md)',
            textAlign: 'center',
          }}
        >
          <Stack align="center" gap="xs">
            <Text size="sm">
              {full
                ? `A product has at most ${MAX_PRODUCT_IMAGES} images.`
                : 'Drop PNG, JPEG, WebP or GIF images here (5 MB each), or'}
            </Text>
            <FileButton onChange={(files) => void send(files)} accept={IMAGE_TYPES.join(',')} multiple disabled={full}>
              {(props) => (
                <Button {...props} variant="default" loading={uploading > 0} disabled={full}>
                  Choose images
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              Camera details and locations are removed; the first image is the primary one.
            </Text>
          </Stack>
        </Box>
        {merged.length > 0 && (
          <DndContext
            sensors={sortable.sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={sortable.accessibility}
          >
            <SortableContext items={merged.map((t) => t._id)} strategy={rectSortingStrategy}>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
                {merged.map((tile, i) => (
                  <ImageTile
                    key={tile._id}
                    tile={tile}
                    index={i}
                    onAlt={(alt) => setTiles(merged.map((t) => (t._id === tile._id ? { ...t, edited: alt } : t)))}
                    onPrimary={() => setTiles([tile, ...merged.filter((t) => t._id !== tile._id)])}
                    onDelete={() =>
                      remove.mutateAsync(tile._id).then(
                        () => toastSuccess(`${tile.name} deleted.`),
                        (error) => showSubmitError(error),
                      )
                    }
                  />
                ))}
              </SimpleGrid>
            </SortableContext>
          </DndContext>
        )}
      </Stack>
    </Card>
  );
}

/** /p/products/{id}/images. */
export default function ProductImagesTab() {
  const { record } = useRecord<Product>();
  const images = useProductImages(record._id);
  if (!images.data) return <Loader aria-label="Loading the images" />;
  return (
    <Stack>
      <ImagesEditor product={record} images={images.data} />
      <ModelCard productId={record._id} />
    </Stack>
  );
}
