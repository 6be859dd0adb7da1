import { LOST_REASON_MISSING, P } from '@atelier/contracts';
import { Alert, Anchor, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { useCan } from '../../../lib/permissions';
import { useLeadSettings } from '../api';

type Props = {
  /** The lead being lost, or null when the modal is closed. */
  name: string | null;
  onCancel: () => void;
  onConfirm: (lostReason: string) => Promise<unknown>;
};

/** Moving a lead to Lost asks why, from the firm's list of lost reasons. */
export function LostReasonModal({ name, onCancel, onConfirm }: Props) {
  const { lostReasons } = useLeadSettings();
  const { can } = useCan();
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (name !== null) {
      setReason(null);
      setError(undefined);
    }
  }, [name]);
  const confirm = async () => {
    // The reason is chosen from the firm's list; the server checks the rest of the move.
    if (!reason) {
      setError(LOST_REASON_MISSING);
      return;
    }
    setSaving(true);
    try {
      await onConfirm(reason);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={name !== null} onClose={onCancel} title={`Why was ${name ?? 'this lead'} lost?`} centered>
      <Stack>
        {lostReasons.length === 0 ? (
          <Alert color="yellow">
            Your firm has no lost reasons yet.{' '}
            {can(P.LEAD_SETTINGS) ? (
              <Anchor component={Link} to="/s/lead">
                Add them in lead settings
              </Anchor>
            ) : (
              'Ask someone who manages lead settings to add them.'
            )}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            The reason is kept on the lead and in its history.
          </Text>
        )}
        <Select
          label="Reason"
          placeholder="Choose a reason"
          data={lostReasons}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setError(undefined);
          }}
          error={error}
          data-autofocus
        />
        <DialogActions onCancel={onCancel} confirm="Mark as lost" color="red" onConfirm={confirm} loading={saving} />
      </Stack>
    </Modal>
  );
}
