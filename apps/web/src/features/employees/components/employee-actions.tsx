import { type Employee, P } from '@atelier/contracts';
import { Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePeople } from '../../../components/people';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { useResendInvitation } from '../../organization/api';
import { employees, useActivate, useDeactivate, useOpenRecords } from '../api';

/** The header's buttons: deactivate or activate (52), and for an invitation, resend (51) or withdraw (52). */
export function EmployeeActions({ employee }: { employee: Employee }) {
  const { can } = useCan();
  const { profile } = useSession();
  const activate = useActivate(employee._id);
  const resend = useResendInvitation();
  const self = profile?._id === employee._id;
  return (
    <>
      {employee.status === 'invited' && can(P.MODIFY_EMPLOYEES) && (
        <Button
          variant="default"
          onClick={() =>
            resend
              .mutateAsync(employee._id)
              .then(() => toastSuccess(`Invitation sent to ${employee.email} again.`), showSubmitError)
          }
        >
          Resend invitation
        </Button>
      )}
      {employee.status === 'invited' && can(P.DELETE_EMPLOYEES) && <WithdrawInvitation employee={employee} />}
      {employee.status === 'active' && can(P.DELETE_EMPLOYEES) && !self && <Deactivate employee={employee} />}
      {employee.status === 'inactive' && can(P.DELETE_EMPLOYEES) && (
        <Button
          variant="default"
          onClick={() =>
            activate
              .mutateAsync(undefined)
              .then(() => toastSuccess(`${employee.name} can sign in again.`), showSubmitError)
          }
        >
          Activate
        </Button>
      )}
    </>
  );
}

/** Deactivating shows what they still look after, and hands it all to a colleague in the same step. */
function Deactivate({ employee }: { employee: Employee }) {
  const [opened, modal] = useDisclosure(false);
  const open = useOpenRecords(employee._id, opened);
  const people = usePeople();
  const deactivate = useDeactivate(employee._id);
  const [reassignTo, setReassignTo] = useState<string | null>(null);
  const held = open.data ?? [];
  return (
    <>
      <Button variant="light" color="red" onClick={modal.open}>
        Deactivate
      </Button>
      <Modal opened={opened} onClose={modal.close} title={`Deactivate ${employee.name}?`} centered>
        <Stack>
          <Text size="sm">
            {employee.firstName} will be signed out everywhere at once and will not be able to sign in. Their history
            keeps their name, and you can activate them again later.
          </Text>
          {held.length > 0 ? (
            <>
              <Text size="sm">They still look after:</Text>
              <List size="sm">
                {held.map((h) => (
                  <List.Item key={h.kind}>
                    {h.count} {h.label}
                  </List.Item>
                ))}
              </List>
              <Select
                label="Hand them to"
                placeholder="Leave them assigned to nobody new"
                data={(people.data ?? [])
                  .filter((p) => p._id !== employee._id)
                  .map((p) => ({ value: p._id, label: p.name }))}
                value={reassignTo}
                onChange={setReassignTo}
                searchable
                clearable
              />
            </>
          ) : (
            open.isSuccess && (
              <Text size="sm" c="dimmed">
                Nothing is assigned to them.
              </Text>
            )
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={modal.close}>
              Keep them
            </Button>
            <Button
              color="red"
              loading={deactivate.isPending}
              onClick={() =>
                deactivate.mutateAsync(reassignTo).then(({ reassigned }) => {
                  modal.close();
                  toastSuccess(
                    reassigned
                      ? `${employee.name} deactivated; ${reassigned} record${reassigned === 1 ? '' : 's'} handed over.`
                      : `${employee.name} deactivated.`,
                  );
                }, showSubmitError)
              }
            >
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function WithdrawInvitation({ employee }: { employee: Employee }) {
  const [opened, modal] = useDisclosure(false);
  const remove = employees.useDelete(employee._id);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="subtle" color="red" onClick={modal.open}>
        Withdraw invitation
      </Button>
      <Modal opened={opened} onClose={modal.close} title={`Withdraw ${employee.name}'s invitation?`} centered>
        <Text size="sm">The link sent to {employee.email} stops working, and the address can be invited again.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={modal.close}>
            Keep it
          </Button>
          <Button
            color="red"
            onClick={() =>
              remove.mutateAsync(undefined).then(() => {
                toastSuccess(`${employee.name}'s invitation withdrawn.`);
                navigate('/u/employees');
              }, showSubmitError)
            }
          >
            Withdraw
          </Button>
        </Group>
      </Modal>
    </>
  );
}
