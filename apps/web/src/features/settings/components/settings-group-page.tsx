import type { Settings } from '@atelier/contracts';
import { Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useSettings } from '../api';

type Props = {
  title: string;
  description: string;
  /** Whether this person may open the page (its settings code, and its module where it has one). */
  allowed: boolean;
  /** The page's form, once the firm's settings have loaded. */
  form: (settings: Settings) => ReactNode;
  /** Anything after the form (the lead settings' website form). */
  children?: ReactNode;
};

/** A settings page (/s/…): its header, then the form of its group once the settings are loaded. */
export function SettingsGroupPage({ title, description, allowed, form, children }: Props) {
  const settings = useSettings();
  if (!allowed) return <NoAccess />;
  return (
    <Stack>
      <PageHeader title={title} description={description} />
      {settings.isPending ? (
        <Loader />
      ) : settings.error ? (
        <Text c="red">{settings.error.message}</Text>
      ) : (
        form(settings.data)
      )}
      {children}
    </Stack>
  );
}
