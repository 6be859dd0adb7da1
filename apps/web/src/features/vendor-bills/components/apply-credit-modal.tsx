import {
  type BillPayment,
  type BillPaymentRow,
  KINDS,
  type ListPage,
  type VendorBill,
  type VendorCredit,
  type VendorCreditRow,
} from '@atelier/contracts';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { api } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useRefreshPayables } from '../api';

type Source = { key: string; type: 'vendor_credit' | 'bill_payment'; id: string; name: string; leftCents: number };

/** The vendor's credit to the firm: their open credits and the payments not all on a bill (advances). */
function useVendorCredit(vendor: string) {
  return useQuery({
    queryKey: ['list', KINDS.vendor_credit.apiPath, 'open', vendor],
    queryFn: async (): Promise<Source[]> => {
      const [credits, advances] = await Promise.all([
        api<ListPage<VendorCreditRow>>('GET', KINDS.vendor_credit.apiPath, undefined, {
          'filter[vendor]': [vendor],
          'filter[unapplied]': ['true'],
          limit: 100,
        }),
        api<ListPage<BillPaymentRow>>('GET', KINDS.bill_payment.apiPath, undefined, {
          'filter[vendor]': [vendor],
          'filter[unapplied]': ['true'],
          limit: 100,
        }),
      ]);
      return [
        ...credits.items.map((c) => ({
          key: `c:${c._id}`,
          type: 'vendor_credit' as const,
          id: c._id,
          name: c.name,
          leftCents: c.remainingCents,
        })),
        ...advances.items.map((p) => ({
          key: `p:${p._id}`,
          type: 'bill_payment' as const,
          id: p._id,
          name: p.name,
          leftCents: p.unappliedCents,
        })),
      ];
    },
  });
}

/**
 * "Apply credit": one of the vendor's credits (or a payment not all on a bill) put on this bill,
 * at most what it has left and what the bill owes.
 */
export function ApplyCreditModal({
  bill,
  currency,
  onClose,
}: {
  bill: VendorBill;
  currency?: string;
  onClose: () => void;
}) {
  const sources = useVendorCredit(bill.vendor._id);
  const refresh = useRefreshPayables();
  const [key, setKey] = useState<string | null>(null);
  const [cents, setCents] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const source = (sources.data ?? []).find((s) => s.key === key);
  const money = (c: number) => formatMoney(c, currency);
  const run = async () => {
    if (!source || !cents) return;
    setBusy(true);
    try {
      const path = source.type === 'vendor_credit' ? KINDS.vendor_credit.apiPath : KINDS.bill_payment.apiPath;
      await api<VendorCredit | BillPayment>('POST', `${path}/${source.id}/apply`, {
        applications: [{ bill: bill._id, amountCents: cents }],
      });
      await refresh();
      toastSuccess(
        `${money(Math.min(cents, bill.balanceCents, source.leftCents))} of ${source.name} applied to ${bill.name}.`,
      );
      onClose();
    } catch (error) {
      showSubmitError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Apply credit to ${bill.name}`}>
      <Stack>
        <Text size="sm">
          {bill.name} owes {money(bill.balanceCents)}. Credit {bill.vendor.name} gave the firm, or an advance paid to
          them, goes on it.
        </Text>
        {sources.data && sources.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {bill.vendor.name} has no credit left to use.
          </Text>
        ) : (
          <>
            <Select
              label="Credit"
              placeholder={sources.isPending ? 'Loading…' : 'Choose a credit'}
              data={(sources.data ?? []).map((s) => ({
                value: s.key,
                label: `${s.name} · ${money(s.leftCents)} left`,
              }))}
              value={key}
              onChange={(v) => {
                setKey(v);
                const s = (sources.data ?? []).find((x) => x.key === v);
                setCents(s ? Math.min(s.leftCents, bill.balanceCents) : undefined);
              }}
            />
            <MoneyInput label="Amount" cents={cents} onChange={setCents} />
          </>
        )}
        <DialogActions onCancel={onClose} confirm="Apply" loading={busy} disabled={!source || !cents} onConfirm={run} />
      </Stack>
    </Modal>
  );
}
