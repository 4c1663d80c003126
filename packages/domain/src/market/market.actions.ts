import { z } from 'zod';
import { commentAction } from '../comment/comment.actions.ts';
import { defineAction } from '../forms/action.ts';
import type { FieldDefinition } from '../forms/fields.ts';
import { MESSAGES } from '../validation/messages.ts';
import { reservePercentage, reserveWarning } from '../validation/reserve.ts';
import { optionalText, requiredError, requiredText } from '../validation/rules.ts';

/** The entity kind of market actions (first segment of `/market/{id}`). */
const MARKET_ENTITY = 'market';
/** The share of the surplus that goes to buyers when a market does not say (MARKET.md section 3). */
const DEFAULT_BUYER_SHARE_OF_SURPLUS = 0.5;

const marketFields = [
  { id: 'name', type: 'Input', label: 'Name' },
  { id: 'description', type: 'TextArea', label: 'Description', rows: 3, optional: true },
  {
    id: 'region',
    type: 'Input',
    label: 'Region',
    optional: true,
    hint: 'Where the market trades, e.g. Solent',
  },
  {
    id: 'buyerShareOfSurplus',
    type: 'Number',
    label: 'Buyer share of surplus',
    min: 0,
    max: 1,
    step: 0.05,
    value: DEFAULT_BUYER_SHARE_OF_SURPLUS,
    hint: 'The part of the gains from trade that goes to buyers (0 to 1); the rest goes to suppliers.',
  },
  {
    id: 'defaultReservePercentage',
    type: 'Number',
    label: 'Default credit reserve',
    suffix: '%',
    optional: true,
    hint: 'Proposed for each new round; the recommended range is 10% to 20%.',
  },
] as const satisfies readonly FieldDefinition[];

/** A market's details: name; buyer share of surplus from 0 to 1; an optional default reserve (valid reserve). */
export const marketInput = z.object({
  name: requiredText(),
  description: optionalText(),
  region: optionalText(),
  buyerShareOfSurplus: z
    .number({ error: requiredError })
    .min(0, { error: MESSAGES.betweenZeroAndOne })
    .max(1, { error: MESSAGES.betweenZeroAndOne }),
  defaultReservePercentage: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    reservePercentage().optional(),
  ),
});

/** Parsed market details. */
export type MarketValues = z.output<typeof marketInput>;

const marketWarnings = (values: { defaultReservePercentage?: unknown }) => {
  const percentage = values.defaultReservePercentage;
  const warning = reserveWarning(typeof percentage === 'number' ? percentage : undefined);
  return warning === undefined ? [] : [{ path: 'defaultReservePercentage', message: warning }];
};

/** CreateMarket: the operator sets up a market (`POST /api/markets`). */
export const createMarket = defineAction({
  id: 'CreateMarket',
  entity: MARKET_ENTITY,
  title: 'Add market',
  actionLabel: 'Create',
  create: true,
  fields: marketFields,
  input: marketInput,
  warnings: marketWarnings,
});

/** Update: the operator changes a market's details. */
export const updateMarket = defineAction({
  id: 'Update',
  entity: MARKET_ENTITY,
  title: 'Update market',
  actionLabel: 'Update',
  fields: marketFields,
  input: marketInput,
  warnings: marketWarnings,
});

/** Every action on one market. */
export const MARKET_ACTIONS = [updateMarket, commentAction] as const;
/** Every create action of the markets collection. */
export const MARKET_CREATE_ACTIONS = [createMarket] as const;
