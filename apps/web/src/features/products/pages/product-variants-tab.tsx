import type { Product } from '@atelier/contracts';
import { Loader, Stack } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { OptionsEditor } from '../components/options-editor';
import { VariantGrid } from '../components/variant-grid';
import { VariantMaker } from '../components/variant-maker';
import { useVariants } from '../variants-api';

/** A product's options, the variants made from them, and the grid that edits them. */
export default function ProductVariantsTab() {
  const { record } = useRecord<Product>();
  const variants = useVariants(record._id);
  // The editors start again from what is saved whenever the options change.
  const options = JSON.stringify(record.options);
  return (
    <Stack>
      <OptionsEditor key={`options-${options}`} product={record} />
      {variants.data ? (
        <>
          <VariantMaker key={`make-${options}`} product={record} variants={variants.data} />
          {variants.data.length > 0 && <VariantGrid product={record} variants={variants.data} />}
        </>
      ) : (
        <Loader aria-label="Loading the variants" />
      )}
    </Stack>
  );
}
