import { type DeliveryRoute, type DeliveryRouteInput, deliveryRouteInputSchema } from '@atelier/contracts';
import { Alert, Anchor, Autocomplete } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';
import { type RouteValues, routeValues } from '../route-values';
import { StopsPlanner } from './stops-planner';

/**
 * The route planner: the day, who drives which vehicle, and the stops in the order they are
 * driven, added from the confirmed orders left to deliver.
 */
export function RouteForm(props: RecordFormProps<DeliveryRoute, DeliveryRouteInput>) {
  const vehicles = useSettings().data?.deliverySettings.vehicles ?? [];
  const { record } = props;
  // A driven route is a record of what happened: the server refuses changes, so none are offered.
  if (record?.status === 'completed')
    return (
      <Alert color="blue" title={`${record.number} was driven`}>
        Every stop was delivered or failed, so the route no longer changes. The proofs of delivery are on the{' '}
        <Anchor component={Link} to="drive" inherit c="inherit" underline="always">
          Drive tab
        </Anchor>
        ; lines of a failed stop are offered again to the next route.
      </Alert>
    );
  return (
    <RecordForm<DeliveryRoute, RouteValues>
      {...(props as unknown as RecordFormProps<DeliveryRoute, RouteValues>)}
      schema={deliveryRouteInputSchema}
      values={routeValues}
      fields={[
        { name: 'date', label: 'Date', type: 'date' },
        {
          name: 'driver',
          label: 'Driver',
          type: 'person',
          description: 'They find the route on their phone under My deliveries.',
        },
        {
          name: 'vehicle',
          label: 'Vehicle',
          render: (f, error) => (
            <Controller
              control={f.control}
              name="vehicle"
              render={({ field }) => (
                <Autocomplete
                  label="Vehicle"
                  description="One of the delivery settings' vehicles, or any other."
                  data={vehicles}
                  value={field.value}
                  onChange={field.onChange}
                  error={error}
                />
              )}
            />
          ),
        },
      ]}
    >
      {(form) => <StopsPlanner form={form} record={props.record} />}
    </RecordForm>
  );
}
