import type { SolverTaskRow } from './match.tables.ts';

/** One line of the engine's InstanceError: `  requirements[3].bid: Value must be 0 or more`. */
const ISSUE_LINE = /^\s*(projects|requirements)\[(\d+)\]\.?(\S*): (.+)$/;
/** The most problems a failure reason lists; the rest are counted. */
const LISTED = 3;

/** The words of an instance path below its entry: `credits[0].units[2]` -> 'credits units'. */
const fieldWords = (path: string): string =>
  path
    .split(/[.[\]]+/)
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .join(' ') || 'entry';

/**
 * The failure reason of a task whose instance the engine refused: each problem names the record (by name, from the
 * task's mapping) and the field, e.g. 'The clearing data is not valid: requirement "Mill Lane", bid: Value must be
 * 0 or more'. Undefined when the engine's message is not about the instance.
 */
export function instanceProblemReason(
  task: Pick<SolverTaskRow, 'instance' | 'mapping'>,
  message: string,
): string | undefined {
  const [first = '', ...rest] = message.split('\n');
  if (!first.startsWith('Invalid instance')) return undefined;
  const problems = rest.flatMap((line) => {
    const match = ISSUE_LINE.exec(line);
    if (!match) return line.trim() === '' ? [] : [line.trim()];
    const [, side, index, path = '', text] = match;
    const entry =
      side === 'projects' ? task.instance.projects[Number(index)] : task.instance.requirements[Number(index)];
    const noun = side === 'projects' ? 'project' : 'requirement';
    const name = entry ? (task.mapping.names?.[entry.id] ?? `${noun} ${Number(index) + 1}`) : undefined;
    return [`${noun} ${name === undefined ? Number(index) + 1 : `"${name}"`}, ${fieldWords(path)}: ${text}`];
  });
  if (problems.length === 0) return 'The clearing data is not valid';
  const more = problems.length > LISTED ? ` (and ${problems.length - LISTED} more)` : '';
  return `The clearing data is not valid: ${problems.slice(0, LISTED).join('; ')}${more}`;
}
