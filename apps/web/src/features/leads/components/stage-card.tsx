import { LEAD_STATUS_LABELS, LEAD_STATUSES, type Lead, type LeadStatus } from '@atelier/contracts';
import { Card, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSetStatus } from '../api';
import { LostReasonModal } from './lost-reason-modal';

/** Where the lead is in the pipeline, and moving it (Lost asks why). */
export function StageCard({ lead }: { lead: Lead }) {
  const setStatus = useSetStatus(lead._id);
  const [losing, setLosing] = useState(false);
  const move = async (status: LeadStatus, lostReason?: string) => {
    try {
      await setStatus.mutateAsync({ status, lostReason, version: lead.version });
      toastSuccess(`${lead.name} moved to ${LEAD_STATUS_LABELS[status]}.`);
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>Pipeline stage</Text>
          {lead.status === 'lost' && lead.lostReason ? (
            <Text size="sm">
              Lost because: <b>{lead.lostReason}</b>
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {lead.convertedTo
                ? 'Converted into a customer.'
                : 'Move it here or on the board. Moving it to Lost asks why.'}
            </Text>
          )}
        </div>
        <Select
          label="Stage"
          w={200}
          data={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
          value={lead.status}
          allowDeselect={false}
          disabled={setStatus.isPending}
          onChange={(value) => {
            const status = value as LeadStatus | null;
            if (!status || status === lead.status) return;
            if (status === 'lost') setLosing(true);
            else void move(status);
          }}
        />
      </Group>
      <LostReasonModal
        name={losing ? lead.name : null}
        onCancel={() => setLosing(false)}
        onConfirm={async (reason) => {
          setLosing(false);
          await move('lost', reason);
        }}
      />
    </Card>
  );
}
