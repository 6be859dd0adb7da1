import type { LienWaiver, LienWaiverInput, LienWaiverRow } from '@atelier/contracts';
import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { lienWaivers, waiverPdfHref } from '../api';
import { WaiverSummary } from '../components/waiver-summary';

const LienWaiverForm = lazyNamed(() => import('../components/lien-waiver-form'), 'LienWaiverForm');

const useCurrency = () => useSettings().data?.firmSettings.currency;

function useWaiverList() {
  return { currency: useCurrency() };
}

function Summary({ waiver }: { waiver: LienWaiver }) {
  return <WaiverSummary waiver={waiver} currency={useCurrency()} />;
}

/** Its PDF, made from the firm's own text for its kind: only when the firm has written one. */
function PrintPdf({ waiver }: { waiver: LienWaiver }) {
  if (!waiver.hasTemplate) return null;
  return (
    <Button
      component="a"
      variant="default"
      href={waiverPdfHref(waiver._id)}
      target="_blank"
      leftSection={<IconPrinter size={16} />}
    >
      Print PDF
    </Button>
  );
}

/** Lien waivers: given to those who pay the firm, received from those it pays, with their signed copies. */
const pages = recordPages<LienWaiver, LienWaiverInput, LienWaiverRow>({
  resource: lienWaivers,
  form: (props) => <LienWaiverForm {...props} />,
  description: 'Waivers of lien rights given when the firm is paid, and received when it pays its subs and suppliers.',
  newDescription: 'Which lien, which way, what kind, for how much: upload the signed copy once it is saved.',
  useList: useWaiverList,
  created: (w) => `${w.name} saved. Upload its signed copy on the Files tab.`,
  subtitle: (w) =>
    `${w.direction === 'given' ? 'Given to' : 'Received from'} ${w.party} · ${formatMoney(w.amountCents)}${w.throughDate ? ` through ${formatDate(w.throughDate)}` : ''}`,
  actions: (w) => <PrintPdf waiver={w} />,
  details: { above: (w) => <Summary waiver={w} /> },
  deleteText: 'Deleting removes the waiver for good, with its files. Archive it to keep its history.',
});

export default pages;
