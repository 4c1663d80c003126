import { Anchor, Breadcrumbs as MantineBreadcrumbs, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useBreadcrumbs } from '../routing/breadcrumbs.tsx';
import type { Crumb } from '../routing/crumbs.ts';
import { shouldShowCrumbs } from '../routing/crumbs.ts';

/** Renders breadcrumbs when there are two or more; the last crumb and no-link crumbs are plain text. */
export function CrumbTrail({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (!shouldShowCrumbs(crumbs)) return null;
  const lastIndex = crumbs.length - 1;
  return (
    <nav aria-label="Breadcrumbs">
      <MantineBreadcrumbs separator="›" mb="md">
        {crumbs.map((crumb, index) =>
          crumb.pending ? (
            <Skeleton key={`${crumb.to ?? ''}|pending`} height={12} width={80} radius="sm" aria-hidden />
          ) : index === lastIndex || crumb.to === undefined ? (
            <Text
              key={`${crumb.to ?? ''}|${crumb.label}`}
              size="sm"
              aria-current={index === lastIndex ? 'page' : undefined}
            >
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={`${crumb.to ?? ''}|${crumb.label}`} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}

/** The breadcrumbs of the current page. */
export function Breadcrumbs() {
  return <CrumbTrail crumbs={useBreadcrumbs()} />;
}
