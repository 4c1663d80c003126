import { RECORD_PAGES } from '@curlew/domain';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { AREA_ROUTES } from './areas.ts';
import { routesFor } from './resolve.ts';

type Reader = Parameters<typeof routesFor>[0];

/** The route pattern of the reader's areas that opens `path`, or 'none'. */
const patternOf = (path: string, user: Reader): string =>
  routesFor(user, AREA_ROUTES).find((route) => route.path !== '' && matchPath(`/${route.path}`, path))
    ?.path ?? 'none';

const readers = {
  operator: userWith(['admin'], { organisation: { id: 'op', name: 'Curlew Operations', type: 'OPER' } }),
  participant: userWith(['participant']),
  agent: userWith(['agent']),
};

describe('the pages e-mails link to (RECORD_PAGES)', () => {
  it.each(Object.entries(readers))('open the record page for the %s', (_role, user) => {
    const open = (path: string) => patternOf(path, user);
    expect(open(RECORD_PAGES.round('m1', 'r1'))).toBe('markets/:marketId/round/:roundId');
    expect(open(RECORD_PAGES.project('p1'))).toBe('projects/:id');
    expect(open(RECORD_PAGES.projectGroup('g1'))).toBe('project-group/:id');
    expect(open(RECORD_PAGES.requirement('q1'))).toBe('credit-requirements/:requirementId');
    expect(open(RECORD_PAGES.requirementGroup('g2'))).toBe('requirement-group/:groupId');
    expect(open(RECORD_PAGES.participant('o1'))).toBe('participants/:organisationId');
  });

  it('opens projects and requirements for an LPA, which has no round page', () => {
    const lpa = userWith(['lpa']);
    const open = (path: string) => patternOf(path, lpa);
    expect(open(RECORD_PAGES.project('p1'))).toBe('projects/:id');
    expect(open(RECORD_PAGES.requirement('q1'))).toBe('credit-requirements/:requirementId');
  });
});
