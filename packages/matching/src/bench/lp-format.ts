import type { ComponentModel } from '../model/build.ts';

const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toPrecision(15).replace(/\.?0+$/, ''));

/** Writes component models side by side as one CPLEX LP-format maximisation (for an outside solver). */
export function toLpFormat(models: ComponentModel[]): string {
  const lines: string[] = ['Maximize', ' obj:'];
  const objective: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const binaries: string[] = [];
  let offset = 0;
  let rowCount = 0;
  for (const model of models) {
    const name = (j: number) => `x${offset + j}`;
    for (let j = 0; j < model.numCols; j++) {
      const cost = model.colCost[j] ?? 0;
      if (cost !== 0) objective.push(`${cost < 0 ? '-' : '+'} ${num(Math.abs(cost))} ${name(j)}`);
      const upper = model.colUpper[j] ?? 0;
      if (model.integrality[j] === 1) binaries.push(name(j));
      else bounds.push(Number.isFinite(upper) ? ` 0 <= ${name(j)} <= ${num(upper)}` : ` ${name(j)} >= 0`);
    }
    for (let i = 0; i < model.numRows; i++) {
      const start = model.starts[i] ?? 0;
      const end = model.starts[i + 1] ?? 0;
      const terms: string[] = [];
      for (let e = start; e < end; e++) {
        const value = model.values[e] ?? 0;
        terms.push(`${value < 0 ? '-' : '+'} ${num(Math.abs(value))} ${name(model.indices[e] ?? 0)}`);
      }
      if (terms.length === 0) continue;
      const lower = model.rowLower[i] ?? 0;
      const upper = model.rowUpper[i] ?? 0;
      const body = terms.join(' ');
      if (lower === upper) rows.push(` c${rowCount++}: ${body} = ${num(upper)}`);
      else {
        if (Number.isFinite(upper)) rows.push(` c${rowCount++}: ${body} <= ${num(upper)}`);
        if (Number.isFinite(lower)) rows.push(` c${rowCount++}: ${body} >= ${num(lower)}`);
      }
    }
    offset += model.numCols;
  }
  for (let i = 0; i < objective.length; i += 8) lines.push(`  ${objective.slice(i, i + 8).join(' ')}`);
  lines.push('Subject To', ...rows, 'Bounds', ...bounds);
  if (binaries.length > 0) lines.push('Binaries', ...binaries.map((b) => ` ${b}`));
  lines.push('End', '');
  return lines.join('\n');
}
