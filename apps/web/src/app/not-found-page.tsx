import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../lib/session';

export function NotFoundPage() {
  const { profile } = useSession();
  return (
    <Stack align="center" py={64} gap="sm" ta="center">
      <Text c="dimmed" fw={700} size="xl">
        404
      </Text>
      <Title order={1}>This page does not exist</Title>
      <Text c="dimmed" maw={420}>
        The address may be mistyped, or the page may have moved.
      </Text>
      <Button component={Link} to={profile ? '/u/profile' : '/'} mt="md">
        {profile ? 'Go to your home page' : 'Go to the sign-in page'}
      </Button>
    </Stack>
  );
}
