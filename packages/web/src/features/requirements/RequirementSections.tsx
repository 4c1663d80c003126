import {
  CREDIT_STATUS_LABELS,
  CREDIT_TYPE_LABELS,
  type CreditRequirement,
  DISTINCTIVENESS_LABELS,
  formatCredits,
  formatGBP,
  formatNumber,
  MODULE_LABELS,
  NUTRIENT_REQUIREMENT_TYPE_LABELS,
  REQUIREMENT_ENTITY,
  redemptionDateLabel,
} from '@curlew/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RowsTable, type RowsTableColumn } from '../../components/data-table/RowsTable.tsx';
import { Detail } from '../../components/records/Detail.tsx';
import { DocumentsTable } from '../../components/records/DocumentsTable.tsx';
import { RecordSection } from '../../components/records/RecordSection.tsx';
import { CertificateLine, otherDocuments } from '../registry/CertificateLine.tsx';
import { showDate } from '../rounds/roundDisplay.ts';
import { NeedTable } from './RequirementFormExtras.tsx';
import { bidRatesText, type NeedStart, nutrientNeed, yearlyUnitsOf, yesNo } from './requirementDisplay.ts';

const orDash = (value: string | null | undefined): string =>
  value === null || value === undefined ? '—' : value;

/** The columns of the requirement's credit lines: each credit it needs, with what it was allocated. */
const CREDIT_LINE_COLUMNS: RowsTableColumn<CreditRequirement['credits'][number]>[] = [
  { id: 'type', header: 'Credit type', render: (credit) => CREDIT_TYPE_LABELS[credit.type] },
  { id: 'status', header: 'Status', render: (credit) => CREDIT_STATUS_LABELS[credit.status] },
  {
    id: 'required',
    header: 'Required units',
    numeric: true,
    render: (credit) => formatCredits(credit.requiredUnits),
  },
  {
    id: 'allocated',
    header: 'Allocated units',
    numeric: true,
    render: (credit) => (credit.actualUnits === null ? '—' : formatCredits(credit.actualUnits)),
  },
  {
    id: 'duration',
    header: 'Duration',
    render: (credit) => (credit.isPermanent || credit.years === null ? 'Permanent' : `${credit.years} years`),
  },
];

/** The lines of the requirement: each credit it needs, with what it was allocated; sideways scroll on a phone. */
function CreditLines({ requirement }: { requirement: CreditRequirement }) {
  if (requirement.credits.length === 0) return null;
  return (
    <RowsTable
      aria-label="Credits"
      withTableBorder
      minWidth={520}
      rows={requirement.credits}
      columns={CREDIT_LINE_COLUMNS}
      rowKey={(credit) => credit.id}
    />
  );
}

/** What the requirement needs: a buyer's credits with the need by credit type and year, or an investor's credits. */
export function NeedSection({ requirement, start }: { requirement: CreditRequirement; start?: NeedStart }) {
  const { buyerCredits: credits, investorCredits: investor } = requirement;
  let body: ReactNode = <Text size="sm">The credits have not been set yet.</Text>;
  if (credits !== null && credits.type === 'Biodiversity') {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Detail label="Credit type">{CREDIT_TYPE_LABELS[credits.type]}</Detail>
        <Detail label="Broad habitat">{orDash(credits.bioBroadHabitat)}</Detail>
        <Detail label="Habitat type">{orDash(credits.bioHabitatType)}</Detail>
        <Detail label="Distinctiveness">
          {credits.bioDistinctiveness === null ? '—' : DISTINCTIVENESS_LABELS[credits.bioDistinctiveness]}
        </Detail>
        <Detail label="Biodiversity units">{formatCredits(credits.bioUnits) || '—'}</Detail>
        <Detail label="Can the units come from several projects?">{yesNo(credits.bioIsDivisible)}</Detail>
      </SimpleGrid>
    );
  } else if (credits !== null) {
    const need = nutrientNeed(credits, requirement.round?.ampEnd ?? null, start);
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Detail label="Credit type">{CREDIT_TYPE_LABELS[credits.type]}</Detail>
          <Detail label="Mitigation needed">
            {credits.nutrientType === null ? '—' : NUTRIENT_REQUIREMENT_TYPE_LABELS[credits.nutrientType]}
          </Detail>
          {credits.nutrientType !== 'additional' && (
            <Detail label="Ongoing units">{`${formatNumber(credits.nutrientOngoingUnits) || '—'} kg/yr`}</Detail>
          )}
          {credits.nutrientType !== 'ongoing' && (
            <Detail label="Additional units">
              {`${formatNumber(credits.nutrientAdditionalUnits) || '—'} kg/yr`}
            </Detail>
          )}
          {credits.nutrientType === 'both' && (
            <Detail label="Would ongoing units alone be acceptable?">
              {yesNo(credits.nutrientAcceptOngoingOnly)}
            </Detail>
          )}
          {requirement.round?.ampEnd && (
            <Detail label="Asset management period ends">{showDate(requirement.round.ampEnd)}</Detail>
          )}
        </SimpleGrid>
        {need.length > 0 && <NeedTable creditType={credits.type} need={need} />}
      </Stack>
    );
  } else if (investor !== null) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Detail label="Credit type">{CREDIT_TYPE_LABELS.Biodiversity}</Detail>
        <Detail label="Biodiversity units">{formatCredits(investor.units)}</Detail>
        <Detail label="Target redemption date">{showDate(investor.redemptionDate)}</Detail>
        <Detail label="Can the units come from several projects?">{yesNo(investor.isDivisible)}</Detail>
        <Detail label="Module">{MODULE_LABELS[investor.module]}</Detail>
        <Detail label="Distinctiveness">{DISTINCTIVENESS_LABELS[investor.distinctiveness]}</Detail>
        <Detail label="Broad habitat">{orDash(investor.broadHabitat)}</Detail>
        <Detail label="Habitat type">{orDash(investor.habitatType)}</Detail>
      </SimpleGrid>
    );
  }
  return (
    <RecordSection title="Credits needed">
      {body}
      <CreditLines requirement={requirement} />
    </RecordSection>
  );
}

/** Where and when a buyer's development needs the credits, or where an investor wants them. */
export function PlaceSection({ requirement }: { requirement: CreditRequirement }) {
  const { development, location } = requirement;
  if (requirement.type === 'Investor') {
    return (
      <RecordSection title="Location">
        {location === null ? (
          <Text size="sm">The location has not been set yet.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Detail label="Local planning authority">{location.lpa.name}</Detail>
            <Detail label="National Character Area">{location.nca.name}</Detail>
          </SimpleGrid>
        )}
      </RecordSection>
    );
  }
  return (
    <RecordSection title="Development">
      {development === null ? (
        <Text size="sm">The development has not been set yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Detail label="Planning reference">{development.planningRef}</Detail>
          <Detail label={redemptionDateLabel(development.creditType)}>
            {showDate(development.redemptionDate)}
          </Detail>
          <Detail label="Local planning authority">{development.lpa.name}</Detail>
          {development.nca !== null && (
            <Detail label="National Character Area">{development.nca.name}</Detail>
          )}
          {development.subcatchment !== null && (
            <Detail label="Subcatchment">{development.subcatchment.name}</Detail>
          )}
          <Detail label="Nearest address">{development.nearAddress}</Detail>
          <Detail label="Grid reference">{orDash(development.gridReference)}</Detail>
          <Detail label="Three-word address">{orDash(development.threeWords)}</Detail>
          <Detail label="Only supply from my own LPA or NCA">{yesNo(development.localOnly)}</Detail>
        </SimpleGrid>
      )}
    </RecordSection>
  );
}

/** The requirement's documents, each a download, with its one credit allocation certificate once rights are allocated. */
export function DocumentsSection({ requirement }: { requirement: CreditRequirement }) {
  const documents = otherDocuments(requirement.documents);
  return (
    <RecordSection title="Documents">
      <CertificateLine requirement={requirement} />
      <DocumentsTable documents={documents} ownerType={REQUIREMENT_ENTITY} ownerId={requirement.id} />
    </RecordSection>
  );
}

/** The sealed bid, shown only when the server sent it (the operator, the owner and its agent with authority). */
export function BidSection({ requirement, start }: { requirement: CreditRequirement; start?: NeedStart }) {
  const { bid } = requirement;
  if (bid === undefined || bid === null) return null;
  const units = yearlyUnitsOf(requirement, start);
  const ongoing = requirement.buyerCredits?.nutrientOngoingUnits ?? null;
  const ongoingRates =
    bid.bidOngoingOnly !== null && ongoing !== null
      ? bidRatesText(
          bid.bidOngoingOnly,
          units.map(() => ongoing),
        )
      : undefined;
  return (
    <RecordSection title="Bid">
      <Text size="sm" c="dimmed">
        Sealed: only the market operator, the buyer or investor and its agent with authority to bid see it.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Detail label="Bid for the whole requirement">{formatGBP(bid.bid)}</Detail>
        <Detail label="Per unit and per unit-year">{bidRatesText(bid.bid, units) ?? '—'}</Detail>
        {requirement.buyerCredits?.nutrientType === 'both' && (
          <Detail label="Would ongoing units alone be acceptable?">{yesNo(bid.acceptOngoingOnly)}</Detail>
        )}
        {bid.bidOngoingOnly !== null && (
          <Detail label="Bid for ongoing units only">
            {formatGBP(bid.bidOngoingOnly)}
            {ongoingRates !== undefined && ` (${ongoingRates})`}
          </Detail>
        )}
      </SimpleGrid>
    </RecordSection>
  );
}
