import { IMPORT_KINDS_OF_A_VENDOR, type ImportKind, KINDS, type Vendor } from '@atelier/contracts';
import { Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { VendorSelect } from '../../../components/form/pickers';
import { useMayOpen } from '../../../components/record/may-open';
import { api } from '../../../lib/api';
import { vendors } from '../../vendors/api';

/** Whether a file of the kind is one vendor's (a price list), chosen before it is checked. */
export const ofAVendor = (kind: ImportKind) => IMPORT_KINDS_OF_A_VENDOR.includes(kind);

/** Why such a file cannot be checked yet: the server's own words when it refuses one. */
export const NO_VENDOR = 'Choose the vendor whose price list this is.';

const LABEL = 'Vendor';
const DESCRIPTION = 'Whose price list this is';

/**
 * The saved vendor, for its name: the document keeps only its id, and the picker's search shows
 * the first vendors only. Shares the vendor page's cache entry.
 */
function useSavedVendor(id: string | null, mayOpen: boolean) {
  return useQuery({
    queryKey: vendors.detailsKey(id ?? ''),
    queryFn: () => api<Vendor>('GET', vendors.path(id ?? '')),
    enabled: id !== null && mayOpen,
    retry: false,
  });
}

/**
 * The vendor whose file this is (`options.vendor`): picked while the mapping may change, shown by
 * name once it may not. `saved` is the vendor the document has now, `value` the one being chosen.
 */
export function VendorOption(props: {
  saved: string | null;
  value: string | null;
  onChange?: (vendor: string | null) => void;
}) {
  const { value, onChange } = props;
  // Vendors are read with their own code (29), which an importer of price lists may lack.
  const mayOpen = useMayOpen(KINDS.vendor);
  const saved = useSavedVendor(props.saved, mayOpen);
  const name = saved.data?._id === value ? saved.data?.name : undefined;
  const unnamed = () => {
    if (value === null) return 'None chosen';
    if (!mayOpen) return 'Seeing the vendor needs the vendors permission';
    return saved.isLoading ? 'Loading…' : 'Vendor not found';
  };
  return (
    <Stack gap={4}>
      {onChange && mayOpen ? (
        <VendorSelect
          label={LABEL}
          description={DESCRIPTION}
          required
          value={value}
          onChange={onChange}
          initial={saved.data && { _id: saved.data._id, name: saved.data.name }}
        />
      ) : (
        <TextInput label={LABEL} description={DESCRIPTION} value={name ?? ''} placeholder={unnamed()} readOnly />
      )}
      {onChange && value === null && (
        <Text size="sm" c="red" role="status">
          {mayOpen ? NO_VENDOR : 'Choosing the vendor needs the permission to see vendors.'}
        </Text>
      )}
    </Stack>
  );
}
