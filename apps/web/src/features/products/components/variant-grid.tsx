import type { Product, ProductImage, Variant, VariantEdit } from '@atelier/contracts';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { rowErrors, showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useFilterValues } from '../../filters/api';
import { FilterValuesSelect } from '../../filters/components/filter-values-select';
import { useProductImages } from '../images-api';
import {
  useArchiveVariants,
  useEditVariants,
  useRepriceVariants,
  useSetVariantFilterValues,
  useSetVariantImage,
} from '../variants-api';

type Edit = VariantEdit;
const editOf = (v: Variant): Edit => ({
  _id: v._id,
  sku: v.sku,
  priceCents: v.priceCents,
  costCents: v.costCents,
  barcode: v.barcode,
  version: v.version,
});

/** Changes many variants' prices at once: by a percentage or an amount. */
function RepriceModal({ productId, ids, onClose }: { productId: string; ids: string[]; onClose: () => void }) {
  const [by, setBy] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState<number | ''>('');
  const reprice = useRepriceVariants(productId);
  const [error, setError] = useState<string>();
  const apply = async () => {
    if (value === '') return setError('Enter the change.');
    try {
      await reprice.mutateAsync({ ids, by, value: by === 'amount' ? Math.round(value * 100) : value });
      toastSuccess(`${ids.length} price${ids.length === 1 ? '' : 's'} changed.`);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.value ?? e.message) : 'Could not change the prices.');
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Change ${ids.length} price${ids.length === 1 ? '' : 's'}`}>
      <Stack>
        <SegmentedControl
          aria-label="Change by"
          data={[
            { value: 'percent', label: 'By a percentage' },
            { value: 'amount', label: 'By an amount' },
          ]}
          value={by}
          onChange={(v) => setBy(v as 'percent' | 'amount')}
        />
        <NumberInput
          label={by === 'percent' ? 'Percentage (−10 for 10% less)' : 'Amount (−5 for $5 less)'}
          suffix={by === 'percent' ? '%' : undefined}
          prefix={by === 'amount' ? '$' : undefined}
          decimalScale={2}
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : '')}
          error={error}
        />
        <Text size="sm" c="dimmed">
          From each variant’s own price, or the product’s; rounded to the cent.
        </Text>
        <DialogActions onCancel={onClose} confirm="Change prices" onConfirm={apply} loading={reprice.isPending} />
      </Stack>
    </Modal>
  );
}

/** Adds filter values to, or takes them off, the chosen variants. */
function FilterValuesModal({ productId, ids, onClose }: { productId: string; ids: string[]; onClose: () => void }) {
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = useSetVariantFilterValues(productId);
  const apply = async () => {
    setErrors({});
    try {
      await set.mutateAsync({ ids, add, remove });
      toastSuccess(`${ids.length} variant${ids.length === 1 ? '' : 's'} saved.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      showSubmitError(error);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Filter values of ${ids.length} variant${ids.length === 1 ? '' : 's'}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          The store’s facets these variants match, beyond the product’s own (a Walnut finish, a left hinge).
        </Text>
        <FilterValuesSelect label="Add" value={add} onChange={setAdd} error={errors.add} />
        <FilterValuesSelect label="Take off" value={remove} onChange={setRemove} error={errors.remove} />
        <DialogActions
          onCancel={onClose}
          confirm="Apply"
          onConfirm={apply}
          loading={set.isPending}
          disabled={!add.length && !remove.length}
        />
      </Stack>
    </Modal>
  );
}

/** Chooses one of the product's images for the chosen variants, or none of their own. */
function ImageModal({
  productId,
  ids,
  images,
  onClose,
}: {
  productId: string;
  ids: string[];
  images: ProductImage[];
  onClose: () => void;
}) {
  const set = useSetVariantImage(productId);
  const choose = async (image: string | null) => {
    try {
      await set.mutateAsync({ ids, image });
      toastSuccess(`${ids.length} variant${ids.length === 1 ? '' : 's'} saved.`);
      onClose();
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Image of ${ids.length} variant${ids.length === 1 ? '' : 's'}`} size="lg">
      <Stack>
        {images.length ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {images.map((image) => (
              <UnstyledButton
                key={image._id}
                onClick={() => choose(image._id)}
                disabled={set.isPending}
                aria-label={`Show ${image.alt || image.name}`}
              >
                <Image src={image.thumbUrl} alt="" radius="sm" h={110} fit="cover" />
                <Text size="xs" truncate mt={4}>
                  {image.alt || image.name}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            This product has no images yet: add them on the Images tab.
          </Text>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => choose(null)} loading={set.isPending}>
            None of their own
          </Button>
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The product's variants in a grid that draws only the rows on screen (a product may have
 * hundreds): each one's SKU, price, cost and barcode edited in place and saved together; many
 * chosen at once to reprice or archive.
 */
export function VariantGrid({ product, variants }: { product: Product; variants: Variant[] }) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [showArchived, setShowArchived] = useState(false);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [repricing, setRepricing] = useState(false);
  const [facets, setFacets] = useState(false);
  const [picking, setPicking] = useState(false);
  const images = useProductImages(product._id).data ?? [];
  const imageOf = new Map(images.map((i) => [i._id, i]));
  const valueNames = new Map(useFilterValues().map((v) => [v._id, `${v.filter}: ${v.name}`]));
  const save = useEditVariants(product._id);
  const archive = useArchiveVariants(product._id);
  const scroller = useRef<HTMLDivElement>(null);
  const q = query.trim().toLowerCase();
  const rows = variants.filter(
    (v) => (showArchived || !v.archived) && (!q || v.name.toLowerCase().includes(q) || v.sku.toLowerCase().includes(q)),
  );
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (phone ? 132 : 56),
    overscan: 8,
  });
  const edited = Object.values(edits);
  const change = (v: Variant, patch: Partial<Edit>) =>
    setEdits((all) => ({ ...all, [v._id]: { ...(all[v._id] ?? editOf(v)), ...patch } }));
  const saveAll = async () => {
    setErrors({});
    try {
      await save.mutateAsync(edited);
      setEdits({});
      toastSuccess(`${edited.length} variant${edited.length === 1 ? '' : 's'} saved.`);
    } catch (error) {
      setErrors(rowErrors(error, (i) => edited[i]?._id));
      showSubmitError(error);
    }
  };
  const chosen = [...selected].filter((id) => rows.some((r) => r._id === id));
  const setArchived = async (value: boolean) => {
    try {
      await archive.mutateAsync({ ids: chosen, archive: value });
      setSelected(new Set());
      toastSuccess(`${chosen.length} variant${chosen.length === 1 ? '' : 's'} ${value ? 'archived' : 'restored'}.`);
    } catch (error) {
      showSubmitError(error);
    }
  };
  const columns = phone
    ? '32px 1fr 1fr'
    : '32px minmax(160px, 2fr) minmax(140px, 1.4fr) 120px 120px minmax(120px, 1fr)';
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Variants ({variants.filter((v) => !v.archived).length})
          </Title>
          <Group gap="xs" wrap="wrap">
            <TextInput
              aria-label="Find a variant"
              placeholder="Find a variant"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
            />
            <Switch
              label="Show archived"
              checked={showArchived}
              onChange={(e) => setShowArchived(e.currentTarget.checked)}
            />
          </Group>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Checkbox
            aria-label="Choose every variant shown"
            checked={rows.length > 0 && chosen.length === rows.length}
            indeterminate={chosen.length > 0 && chosen.length < rows.length}
            onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r._id)) : new Set())}
          />
          <Text size="sm">{chosen.length ? `${chosen.length} chosen` : `${rows.length} shown`}</Text>
          <Button size="xs" variant="default" disabled={!chosen.length} onClick={() => setRepricing(true)}>
            Change prices
          </Button>
          <Button size="xs" variant="default" disabled={!chosen.length} onClick={() => setFacets(true)}>
            Filter values
          </Button>
          <Button size="xs" variant="default" disabled={!chosen.length} onClick={() => setPicking(true)}>
            Image
          </Button>
          <Button size="xs" variant="default" disabled={!chosen.length} onClick={() => setArchived(!showArchived)}>
            {showArchived ? 'Restore' : 'Archive'}
          </Button>
          <Box style={{ flex: 1 }} />
          <Button size="xs" disabled={!edited.length} loading={save.isPending} onClick={saveAll}>
            Save {edited.length || ''} change{edited.length === 1 ? '' : 's'}
          </Button>
        </Group>
        {!phone && (
          <Box style={{ display: 'grid', gridTemplateColumns: columns, gap: 8 }} px={4}>
            <span />
            {['Variant', 'SKU', 'Price', 'Cost', 'Barcode'].map((h) => (
              <Text key={h} size="xs" fw={600} c="dimmed">
                {h}
              </Text>
            ))}
          </Box>
        )}
        <Box
          ref={scroller}
          style={{ height: Math.min(480, Math.max(rows.length, 1) * (phone ? 132 : 56)), overflow: 'auto' }}
        >
          <Box style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const v = rows[item.index]!;
              const e = edits[v._id] ?? editOf(v);
              return (
                <Box
                  key={v._id}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: item.size,
                    transform: `translateY(${item.start}px)`,
                    display: 'grid',
                    gridTemplateColumns: columns,
                    gap: 8,
                    alignItems: 'center',
                    borderBottom: '1px solid var(--mantine-color-default-border)',
                    opacity: v.archived ? 0.6 : 1,
                  }}
                  px={4}
                >
                  <Checkbox
                    aria-label={`Choose ${v.name}`}
                    checked={selected.has(v._id)}
                    onChange={(ev) => {
                      const next = new Set(selected);
                      if (ev.currentTarget.checked) next.add(v._id);
                      else next.delete(v._id);
                      setSelected(next);
                    }}
                  />
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, ...(phone ? { gridColumn: 'span 2' } : {}) }}>
                    {v.image && imageOf.get(v.image) && (
                      <Image src={imageOf.get(v.image)!.thumbUrl} alt="" w={32} h={32} radius="sm" fit="cover" />
                    )}
                    <Box style={{ minWidth: 0 }}>
                      <Text size="sm" truncate title={v.name}>
                        {v.name}
                        {v.archived ? ' (archived)' : ''}
                      </Text>
                      {v.filterValues.length > 0 && (
                        <Text size="xs" c="dimmed" truncate>
                          {v.filterValues.map((id) => valueNames.get(id) ?? '').join(', ')}
                        </Text>
                      )}
                    </Box>
                  </Group>
                  <TextInput
                    size="xs"
                    // On a phone the name takes the first line; SKU and price the second, beside the checkbox.
                    style={phone ? { gridColumn: 2 } : undefined}
                    aria-label={`${v.name} SKU`}
                    value={e.sku}
                    onChange={(ev) => change(v, { sku: ev.currentTarget.value })}
                    error={errors[`${v._id}.sku`]}
                  />
                  <MoneyInput
                    label=""
                    aria-label={`${v.name} price`}
                    placeholder={formatMoney(product.priceCents)}
                    cents={e.priceCents ?? undefined}
                    onChange={(cents) => change(v, { priceCents: cents ?? null })}
                    error={errors[`${v._id}.priceCents`]}
                    size="xs"
                  />
                  {!phone && (
                    <MoneyInput
                      label=""
                      aria-label={`${v.name} cost`}
                      decimals={4}
                      placeholder={formatMoney(Math.round(product.costCents))}
                      cents={e.costCents ?? undefined}
                      onChange={(cents) => change(v, { costCents: cents ?? null })}
                      error={errors[`${v._id}.costCents`]}
                      size="xs"
                    />
                  )}
                  {!phone && (
                    <TextInput
                      size="xs"
                      aria-label={`${v.name} barcode`}
                      value={e.barcode}
                      onChange={(ev) => change(v, { barcode: ev.currentTarget.value })}
                      error={errors[`${v._id}.barcode`]}
                    />
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
        <Text size="xs" c="dimmed">
          An empty price or cost is the product’s ({formatMoney(product.priceCents)}).
        </Text>
      </Stack>
      {repricing && <RepriceModal productId={product._id} ids={chosen} onClose={() => setRepricing(false)} />}
      {facets && <FilterValuesModal productId={product._id} ids={chosen} onClose={() => setFacets(false)} />}
      {picking && <ImageModal productId={product._id} ids={chosen} images={images} onClose={() => setPicking(false)} />}
    </Card>
  );
}
