import {
  type CreditRequirementStatus,
  fileDownloadPath,
  formatDate,
  REQUIREMENT_ENTITY,
  type RecordDocument,
  type RequirementCertificate,
} from '@curlew/domain';
import { Alert, Anchor, Loader, Text } from '@mantine/core';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { useRegistryRecord } from './registryApi.ts';

/** Requirement statuses from which a requirement has its credit allocation certificate. */
const CERTIFIED_STATUSES: readonly CreditRequirementStatus[] = [
  'RightsAllocated',
  'CreditsIssued',
  'CreditsRedeemed',
  'Retired',
];

/** The document kind of the certificate: an uploaded signed copy stands for the generated certificate. */
const CERTIFICATE_KIND = 'CreditAllocationCertificate';

/** A requirement's documents other than its certificate (the certificate line shows that one). */
export const otherDocuments = <T extends Pick<RecordDocument, 'tag'>>(documents: readonly T[]): T[] =>
  documents.filter((document) => document.tag !== CERTIFICATE_KIND);

const enc = encodeURIComponent;

function Certificate({ requirementId }: { requirementId: string }) {
  const { apiBase } = useActionsConfig();
  const certificate = useRegistryRecord<RequirementCertificate>(
    `/requirement/${enc(requirementId)}/certificate`,
  );
  if (certificate.isPending) return <Loader size="xs" aria-label="Loading the certificate" />;
  if (certificate.isError)
    return (
      <Alert color="red" role="alert" title="The certificate could not be loaded">
        {certificate.error.message}
      </Alert>
    );
  const { number, issuedOn, signedCopy } = certificate.data;
  const issued = issuedOn === null ? '' : `, issued on ${formatDate(issuedOn)}`;
  return (
    <Text size="sm">
      {`Credit allocation certificate ${number}${issued}: `}
      {signedCopy === null ? (
        <Anchor
          underline="always"
          href={apiAddress(apiBase, `/requirement/${enc(requirementId)}/certificate.pdf`)}
        >
          Download the certificate (PDF)
        </Anchor>
      ) : (
        <>
          <Anchor
            underline="always"
            href={apiAddress(
              apiBase,
              fileDownloadPath({
                id: signedCopy.fileId,
                ownerType: REQUIREMENT_ENTITY,
                ownerId: requirementId,
              }),
            )}
            download={signedCopy.name}
          >
            {`Download the signed copy (${signedCopy.name})`}
          </Anchor>
          {`, uploaded on ${formatDate(signedCopy.uploadedAt)}`}
        </>
      )}
    </Text>
  );
}

/**
 * A requirement's one credit allocation certificate, once its rights are allocated: its number and day of issue,
 * and a download of the signed copy when one was uploaded, else of the certificate Curlew generates. Nothing before.
 */
export function CertificateLine({
  requirement,
}: {
  requirement: { id: string; status: CreditRequirementStatus };
}) {
  if (!CERTIFIED_STATUSES.includes(requirement.status)) return null;
  return <Certificate requirementId={requirement.id} />;
}
