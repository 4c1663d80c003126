import {
  CREDIT_TYPE_LABELS,
  type CreditType,
  formatGBP,
  formatNumber,
  isCreditType,
  NUTRIENT_REQUIREMENT_TYPES,
  REQUIREMENT_ENTITY,
  setBid,
  setBuyerCredits,
  wizardBuyerCredits,
} from '@curlew/domain';
import { Stack, Table, Text } from '@mantine/core';
import { subjectOfSelf } from '../../actions/actionApi.ts';
import { type FormExtraProps, registerFormExtra } from '../../actions/formExtras.ts';
import { bidRatesText, nutrientNeed, yearlyUnitsOf } from './requirementDisplay.ts';
import { useNeedStart, useRequirement } from './requirementsApi.ts';

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const idOf = (self: string): string =>
  subjectOfSelf(self)?.subjectType === REQUIREMENT_ENTITY ? (subjectOfSelf(self)?.subjectId ?? '') : '';

/** A table of a nutrient need per year (kg/yr), captioned with its credit type. */
export function NeedTable({
  creditType,
  need,
}: {
  creditType: CreditType;
  need: readonly { year: number; ongoing: number; additional: number; total: number }[];
}) {
  return (
    <Table aria-label={`${CREDIT_TYPE_LABELS[creditType]} need by year`} withTableBorder striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Year</Table.Th>
          <Table.Th>Ongoing (kg/yr)</Table.Th>
          <Table.Th>Additional (kg/yr)</Table.Th>
          <Table.Th>Total (kg/yr)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {need.map((year) => (
          <Table.Tr key={year.year}>
            <Table.Th scope="row">{year.year}</Table.Th>
            <Table.Td>{formatNumber(year.ongoing)}</Table.Td>
            <Table.Td>{formatNumber(year.additional)}</Table.Td>
            <Table.Td>{formatNumber(year.total)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** SetBid: the bid per unit and per unit-year beside the total, from the requirement's need. */
function BidRatesExtra({ values, self }: FormExtraProps) {
  const requirement = useRequirement(idOf(self));
  const start = useNeedStart(requirement.data, true);
  const bid = numberOrNull(values.bid);
  if (requirement.data === undefined || bid === null || bid <= 0) return null;
  const units = yearlyUnitsOf(requirement.data, start);
  const rates = bidRatesText(bid, units);
  const ongoingOnly = numberOrNull(values.bidOngoingOnly);
  const ongoing = requirement.data.buyerCredits?.nutrientOngoingUnits ?? null;
  const ongoingRates =
    values.acceptOngoingOnly === true && ongoingOnly !== null && ongoingOnly > 0 && ongoing !== null
      ? bidRatesText(
          ongoingOnly,
          units.map(() => ongoing),
        )
      : undefined;
  if (rates === undefined) return null;
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="sm">{`Bid of ${formatGBP(bid)}: ${rates}`}</Text>
      {ongoingRates !== undefined && (
        <Text size="sm">{`Ongoing-only bid of ${formatGBP(ongoingOnly)}: ${ongoingRates}`}</Text>
      )}
    </Stack>
  );
}

/** SetBuyerCredits and its wizard step: the per-year need the nutrient answers imply. */
function NeedPreviewExtra({ values, self }: FormExtraProps) {
  const requirement = useRequirement(idOf(self));
  const start = useNeedStart(requirement.data, true);
  const type = values.type;
  const nutrientType = values.nutrientType;
  if (!isCreditType(type) || type === 'Biodiversity') return null;
  if (!(NUTRIENT_REQUIREMENT_TYPES as readonly unknown[]).includes(nutrientType)) return null;
  const need = nutrientNeed(
    {
      type,
      nutrientType: nutrientType as (typeof NUTRIENT_REQUIREMENT_TYPES)[number],
      nutrientOngoingUnits: numberOrNull(values.nutrientOngoingUnits),
      nutrientAdditionalUnits: numberOrNull(values.nutrientAdditionalUnits),
    },
    requirement.data?.round?.ampEnd ?? null,
    start,
  );
  if (need.every((year) => year.total === 0)) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        The need this implies
      </Text>
      <NeedTable creditType={type} need={need} />
    </Stack>
  );
}

registerFormExtra(REQUIREMENT_ENTITY, [setBid.id], BidRatesExtra);
registerFormExtra(REQUIREMENT_ENTITY, [setBuyerCredits.id, wizardBuyerCredits.id], NeedPreviewExtra);
