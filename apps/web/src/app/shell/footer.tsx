import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function Footer() {
  return (
    <Group
      component="footer"
      justify="center"
      gap="lg"
      py="lg"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} Atelier
      </Text>
      <Anchor component={Link} to="/terms-of-service" size="sm" c="dimmed">
        Terms of Service
      </Anchor>
      <Anchor component={Link} to="/privacy-policy" size="sm" c="dimmed">
        Privacy Policy
      </Anchor>
    </Group>
  );
}
