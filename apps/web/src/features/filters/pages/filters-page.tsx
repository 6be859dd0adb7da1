import { P } from '@atelier/contracts';
import { Button, Card, Grid, Loader, NavLink, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useFilters } from '../api';
import { FilterEditor } from '../components/filter-editor';

/** /p/filters/{id?}: the store's facets beside the chosen one (or a new one) (76). */
export default function FiltersPage() {
  const { id } = useParams();
  const { can } = useCan();
  const filters = useFilters();
  if (!can(P.MODIFY_FILTERS)) return <NoAccess />;
  const rows = filters.data ?? [];
  const selected = rows.find((f) => f._id === id);
  return (
    <Stack>
      <PageHeader
        title="Filters"
        description="The facets shoppers narrow the store by, such as Finish or Door style. Products and variants carry their values."
        actions={
          <Button component={Link} to="/p/filters">
            New filter
          </Button>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="xs">
            {!filters.data ? (
              <Loader aria-label="Loading the filters" />
            ) : rows.length === 0 ? (
              <Text size="sm" c="dimmed" p="xs">
                No filter yet.
              </Text>
            ) : (
              <nav aria-label="Filters">
                {rows.map((f) => (
                  <NavLink
                    key={f._id}
                    component={Link}
                    to={`/p/filters/${f._id}`}
                    label={f.name}
                    description={`${f.values.length} value${f.values.length === 1 ? '' : 's'}`}
                    active={f._id === selected?._id}
                    aria-current={f._id === selected?._id ? 'page' : undefined}
                  />
                ))}
              </nav>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="lg">
            {id && filters.data && !selected ? (
              <Text size="sm">This filter does not exist (it may have been deleted).</Text>
            ) : (
              // A fresh editor for each filter (and after each save, on its new version).
              <FilterEditor key={selected ? `${selected._id}-${selected.version}` : 'new'} filter={selected} />
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
