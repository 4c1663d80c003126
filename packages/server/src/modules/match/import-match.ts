import { readFile } from 'node:fs/promises';
import type { FieldError } from '@curlew/domain';
import type { ReceivedFile } from '../../platform/actions/uploads.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { loadRoundRecords } from './match.records.ts';
import type { SolverTaskRow } from './match.tables.ts';
import { buildRoundInstance } from './start-match.ts';
import { storeImportedResult } from './tasks.ts';
import { checkWinnersCsv, type WinnersProblem } from './winners.ts';

/** The most lines a winners file may have (deliveries, header excluded). */
const WINNERS_MAX_LINES = 100_000;

/** How a problem of a winners file reads: the lines at fault first. */
const winnersProblemText = ({ lines, message }: WinnersProblem): string =>
  lines.length === 0 ? message : `${lines.length === 1 ? 'Line' : 'Lines'} ${lines.join(', ')}: ${message}`;

/** The text of an uploaded CSV file (UTF-8, a byte-order mark dropped by the reader). */
async function uploadedText(file: ReceivedFile): Promise<string> {
  return readFile(file.path, 'utf8');
}

/**
 * ImportMatch's work, inside its transaction: builds the round's INSTANCE as Match does (with the reserve just
 * set), checks the winners file with `checkWinnersCsv` (the same independent checker as the engine's answers) and
 * stores the result as the round's latest task, ended as Succeeded, so the review and AcceptMatch read it exactly
 * as a solved one. A file with problems is refused (422 at `winnersCSV`, one error per problem, the lines named).
 */
export async function importWinners(
  tx: Transaction,
  roundId: string,
  file: ReceivedFile,
  now: Date,
): Promise<SolverTaskRow> {
  const text = await uploadedText(file);
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length - 1;
  if (lines > WINNERS_MAX_LINES)
    throw refusal([`The file has ${lines} lines; at most ${WINNERS_MAX_LINES} can be imported`]);
  const { round, built } = await buildRoundInstance(tx, roundId, now, loadRoundRecords);
  const check = checkWinnersCsv(text, built, round.firstDeliveryYear);
  if (!check.ok) throw refusal(check.problems.map(winnersProblemText));
  return storeImportedResult(tx, { roundId, built, result: check.result, now });
}

const refusal = (messages: string[]): AppError => {
  const errors: FieldError[] = messages.map((message) => ({ path: 'winnersCSV', message }));
  return new AppError(
    'validation',
    `The winners file cannot be imported: ${messages.length === 1 ? messages[0] : `${messages.length} problems`}`,
    { errors },
  );
};
