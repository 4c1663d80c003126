import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Journeys that move a shared demo round on for good (closing Round 3 2025 for bids and matching it; settling
 * Round 1 2025 after its post-trade life): they run after every other file, whose journeys still need those rounds
 * as the demo leaves them.
 */
export const LAST_FILES = ['match.e2e.test.ts', 'registry.e2e.test.ts'];

const runsLast = (file: TestSpecification): boolean =>
  LAST_FILES.some((name) => file.moduleId.endsWith(`/${name}`));

/** Vitest's own order (failed and slow files first), except that the files above come last. */
export class DemoRoundsLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((file) => !runsLast(file)), ...sorted.filter(runsLast)];
  }
}
