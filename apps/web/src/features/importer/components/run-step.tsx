import {
  IMPORT_KIND_INFO,
  type ImportDocument,
  type ImportKind,
  KINDS,
  recordHref,
  SETTINGS_KINDS,
} from '@atelier/contracts';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useImportStep } from '../api';
import { Counts } from './counts';
import { ErrorLinks } from './error-links';
import { StepCard } from './step-card';

/** Where what an import made is kept: products, materials, vendors and collections in their lists, categories in their tree. */
const MADE_AT: Record<Exclude<ImportKind, 'price_list'>, string> = {
  product: KINDS.product.webPath,
  material: KINDS.raw_material.webPath,
  vendor: KINDS.vendor.webPath,
  category: SETTINGS_KINDS.category.settingsPath,
  collection: KINDS.collection.webPath,
  // The inventory value per warehouse is at the head of the stock counts page.
  opening_stock: '/p/stock-counts',
  customer: KINDS.customer.webPath,
  company: KINDS.company.webPath,
  tag: '/p/tags',
};

/** A price list's items are on its vendor's Items tab (the vendors' list, should it have no vendor). */
function madeAt({ kind, options }: ImportDocument): string {
  if (kind !== 'price_list') return MADE_AT[kind];
  return options.vendor ? `${recordHref(KINDS.vendor, options.vendor)}/items` : KINDS.vendor.webPath;
}

const rowsWord = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

/** Why the import cannot start yet, when it cannot. */
function blocker(doc: ImportDocument, mayRun: boolean): string | null {
  if (!mayRun) return `Importing ${IMPORT_KIND_INFO[doc.kind].plural} needs a permission you do not have.`;
  if (doc.status !== 'checked') return 'Check the file first.';
  if (doc.errorCount > 0) return 'Fix the errors the check found first.';
  return null;
}

/** Before it runs: the button, behind a confirmation that it is all or nothing. */
function RunButton({ doc }: { doc: ImportDocument }) {
  const { can } = useCan();
  const step = useImportStep(doc._id);
  const [confirming, setConfirming] = useState(false);
  const info = IMPORT_KIND_INFO[doc.kind];
  const why = blocker(doc, can(info.code));
  const rows = doc.checked?.rows ?? 0;
  return (
    <Stack gap="xs" align="flex-start">
      <Button onClick={() => setConfirming(true)} disabled={why !== null}>
        Import {rowsWord(rows)}
      </Button>
      {why && (
        <Text size="sm" c="dimmed">
          {why}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title={`Import ${rowsWord(rows)}?`}
        text={
          <>
            {(doc.checked?.created ?? 0).toLocaleString('en-US')} {info.plural} will be created and{' '}
            {(doc.checked?.updated ?? 0).toLocaleString('en-US')} updated. It is all or nothing: if any row fails,
            nothing is imported.
          </>
        }
        confirm="Import"
        done="Importing: the progress bar at the foot of the page shows how far it has got."
        run={() => step.mutateAsync({ step: 'run', version: doc.version })}
        loading={step.isPending}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** Step 4: the import itself, then what it did. */
export function RunStep({ doc }: { doc: ImportDocument }) {
  const info = IMPORT_KIND_INFO[doc.kind];
  return (
    <StepCard step={4} title="Import">
      {doc.status === 'running' ? (
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Importing. Nothing is kept unless every row goes in.</Text>
        </Group>
      ) : doc.status === 'done' ? (
        <Stack gap="sm">
          {doc.outcome && (
            <Counts
              items={[
                { label: 'Created', value: doc.outcome.created },
                { label: 'Updated', value: doc.outcome.updated },
                { label: 'Skipped', value: doc.outcome.skipped },
                { label: 'Failed', value: doc.outcome.failed, color: doc.outcome.failed ? 'red' : undefined },
              ]}
            />
          )}
          <Text size="sm">
            {doc.finishedAt && `Imported ${formatDateTime(doc.finishedAt)}. `}
            <Anchor component={Link} to={madeAt(doc)} size="sm">
              See the {info.plural}
            </Anchor>
          </Text>
        </Stack>
      ) : doc.status === 'failed' ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed: nothing was imported">
          <Stack gap="xs">
            {doc.message && <Text size="sm">{doc.message}</Text>}
            {doc.errorCount > 0 && <ErrorLinks doc={doc} />}
          </Stack>
        </Alert>
      ) : doc.status === 'cancelled' ? (
        <Text size="sm" c="dimmed">
          Cancelled: nothing was imported.
        </Text>
      ) : (
        <RunButton doc={doc} />
      )}
    </StepCard>
  );
}
