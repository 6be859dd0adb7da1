import { KINDS, type Quote } from '@atelier/contracts';
import { Checkbox, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useQuoteStep } from '../api';

/** The customer said yes: the options they took and the alternative of each group, then it becomes an order. */
export function AcceptModal({ quote, opened, onClose }: { quote: Quote; opened: boolean; onClose: () => void }) {
  const step = useQuoteStep(quote._id);
  const navigate = useNavigate();
  const optional = quote.lines.filter((l) => l.optional);
  const groups = [...new Set(quote.lines.flatMap((l) => (l.group ? [l.group] : [])))];
  const [selected, setSelected] = useState(() => optional.filter((l) => l.selected).map((l) => l.id));
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(groups.map((g) => [g, quote.lines.find((l) => l.group === g && l.chosen)?.id ?? ''])),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={`Accept ${quote.number}`}>
      <Stack>
        <Text size="sm">The quote becomes a draft order at its prices, for you to confirm.</Text>
        {groups.map((g) => (
          <Radio.Group key={g} label={g} value={chosen[g]} onChange={(v) => setChosen((c) => ({ ...c, [g]: v }))}>
            <Stack gap={4} mt={4}>
              {quote.lines
                .filter((l) => l.group === g)
                .map((l) => (
                  <Radio key={l.id} value={l.id} label={`${l.name} · ${formatMoney(l.subtotalCents)}`} />
                ))}
            </Stack>
          </Radio.Group>
        ))}
        {optional.length > 0 && (
          <Checkbox.Group label="Options the customer took" value={selected} onChange={setSelected}>
            <Stack gap={4} mt={4}>
              {optional.map((l) => (
                <Checkbox key={l.id} value={l.id} label={`${l.name} · ${formatMoney(l.subtotalCents)}`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <DialogActions
          onCancel={onClose}
          confirm="Accept and make the order"
          loading={step.isPending}
          onConfirm={async () => {
            try {
              const accepted = await step.mutateAsync({
                name: 'accept',
                body: { selected, chosen: Object.values(chosen).filter(Boolean) },
              });
              toastSuccess(`${quote.number} accepted: order ${accepted.order?.name ?? ''} made.`);
              onClose();
              if (accepted.order) navigate(`${KINDS.order.webPath}/${accepted.order._id}`);
            } catch (error) {
              showSubmitError(error);
            }
          }}
        />
      </Stack>
    </Modal>
  );
}
