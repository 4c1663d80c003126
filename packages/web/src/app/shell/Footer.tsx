import { COPYRIGHT_YEAR } from '@curlew/domain';
import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { clientEnv } from '../env.ts';
import type { PageLink } from './pageLink.tsx';

/** The address behind the footer's contact-us link. */
const CONTACT_EMAIL = 'contact@curlew.example';

/** The footer of SPEC 1: strapline, contact-us mail link, the public registry, copyright 2025 and a UK map. */
export function Footer({ link: Link }: { link: PageLink }) {
  return (
    <Box
      component="footer"
      mt="xl"
      py="lg"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="xl">
        <Group justify="space-between" align="center" wrap="wrap" gap="lg">
          <Stack gap={4}>
            <Text fw={600}>Curlew, the UK's leading marketplace for nature recovery</Text>
            <Anchor href={`mailto:${CONTACT_EMAIL}`}>Contact us</Anchor>
            {clientEnv().publicRegistry && (
              <Anchor component={Link} to="/public/registry">
                Public registry
              </Anchor>
            )}
            <Text size="sm">© {COPYRIGHT_YEAR} Curlew</Text>
          </Stack>
          {/* Below the fold on most pages: asked for when it nears the view, not with the page. */}
          <img
            src="/uk-map.svg"
            alt="Outline map of the United Kingdom"
            width={72}
            height={96}
            loading="lazy"
          />
        </Group>
      </Container>
    </Box>
  );
}
