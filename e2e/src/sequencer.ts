import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Journeys that move a shared demo round on for good (closing Round 3 2025 for bids and matching it; settling
 * Round 1 2025 after its post-trade life) or that need it moved on (the maps once Round 3 2025 is accepted): they run
 * after every other file, whose journeys still need those rounds as the demo leaves them, in this order.
 */
export const LAST_FILES = ['match.e2e.test.ts', 'registry.e2e.test.ts', 'map-after-clearing.e2e.test.ts'];

/** The file's place among the last files, or -1 when it is not one of them. */
const lastIndex = (file: TestSpecification): number =>
  LAST_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));

const runsLast = (file: TestSpecification): boolean => lastIndex(file) >= 0;

/** Vitest's own order (failed and slow files first), except that the files above come last, in their order. */
export class DemoRoundsLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = sorted.filter(runsLast).sort((a, b) => lastIndex(a) - lastIndex(b));
    return [...sorted.filter((file) => !runsLast(file)), ...last];
  }
}
