import type { Ambassador, AmbassadorInput } from '@atelier/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecord } from '../../../components/record/detail-layout';
import { RecordDetailsCard } from '../../../components/record/record-pages';
import { ambassadors } from '../api';
import { AmbassadorForm } from '../components/ambassador-form';

export default function AmbassadorDetailsTab() {
  const { record } = useRecord<Ambassador>();
  return (
    <Stack>
      <RecordDetailsCard<Ambassador, AmbassadorInput>
        resource={ambassadors}
        form={(props) => <AmbassadorForm {...props} />}
      />
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
