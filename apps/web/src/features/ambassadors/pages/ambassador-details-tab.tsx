import type { Ambassador } from '@atelier/contracts';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecord } from '../../../components/record/detail-layout';
import { toastSuccess } from '../../../lib/toast';
import { ambassadors } from '../api';
import { AmbassadorForm, ambassadorFormValues } from '../components/ambassador-form';

export default function AmbassadorDetailsTab() {
  const { record } = useRecord<Ambassador>();
  const update = ambassadors.useUpdate(record._id);
  const reload = ambassadors.useReload();
  return (
    <Stack>
      <Card withBorder padding="lg">
        <AmbassadorForm
          ambassador={record}
          submitLabel="Save"
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, version: record.version });
            toastSuccess('Ambassador saved.');
          }}
          reload={async () => ambassadorFormValues(await reload(record._id))}
        />
      </Card>
      <Text size="sm">
        <Anchor component={Link} to={`/u/customers?filter%5Bambassador%5D%5B%5D=${record._id}`}>
          See the {record.referrals} customer{record.referrals === 1 ? '' : 's'} they referred
        </Anchor>
        {record.updatedBy && (
          <Text span c="dimmed">
            {' '}
            · Last changed by {record.updatedBy.name}
          </Text>
        )}
      </Text>
    </Stack>
  );
}
