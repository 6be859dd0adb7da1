import { canGrant, PERMISSION_GROUPS, permissionLabel } from '@atelier/contracts';
import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { useProfile } from '../../lib/session';

/**
 * Permission codes as grouped checklists (a role's, an API key's). Codes the signed-in person
 * may not give are disabled unless already chosen.
 */
export function PermissionChecklist({ value, onChange }: { value: number[]; onChange: (codes: number[]) => void }) {
  const profile = useProfile();
  const mine = profile.permissions.flatMap((r) => r.permissions);
  const toggle = (code: number, on: boolean) => onChange(on ? [...value, code] : value.filter((x) => x !== code));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {PERMISSION_GROUPS.map((group) => (
        <Checkbox.Group key={group.name} label={group.name} value={value.map(String)}>
          <Stack gap={6} mt={6}>
            {group.codes.map((code) => (
              <Checkbox
                key={code}
                value={String(code)}
                label={`${permissionLabel(code)} (${code})`}
                disabled={!canGrant(mine, code) && !value.includes(code)}
                onChange={(e) => toggle(code, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      ))}
    </SimpleGrid>
  );
}
