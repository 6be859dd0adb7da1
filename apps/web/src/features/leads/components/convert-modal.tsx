import { type Lead, P } from '@atelier/contracts';
import { Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useConvertLead } from '../api';

/** Turns a lead into a customer (and an account for its company, when asked), then opens the customer. */
export function ConvertModal({ lead, opened, onClose }: { lead: Lead; opened: boolean; onClose: () => void }) {
  const { can } = useCan();
  const navigate = useNavigate();
  const convert = useConvertLead(lead._id);
  const [createAccount, setCreateAccount] = useState(false);
  const offerAccount = Boolean(lead.companyName) && can(P.MODIFY_COMPANIES);
  const submit = async () => {
    try {
      const result = await convert.mutateAsync({ createAccount: offerAccount && createAccount, version: lead.version });
      toastSuccess(
        result.company
          ? `${result.customer.name} is now a customer, in the new account ${result.company.name}.`
          : `${result.customer.name} is now a customer.`,
      );
      onClose();
      navigate(`/u/customers/${result.customer._id}`);
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Convert ${lead.name} into a customer`} centered>
      <Stack>
        <Text size="sm">
          A customer is made from the lead’s name, email, phone, source, assignee, tags and notes. Its interactions and
          files go along, and the lead is marked won.
        </Text>
        {offerAccount && (
          <Checkbox
            label={`Also create an account for ${lead.companyName}`}
            description="The customer becomes its first contact."
            checked={createAccount}
            onChange={(e) => setCreateAccount(e.currentTarget.checked)}
          />
        )}
        <DialogActions onCancel={onClose} confirm="Convert" onConfirm={submit} loading={convert.isPending} />
      </Stack>
    </Modal>
  );
}
