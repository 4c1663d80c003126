import {
  type EditableRefDataType,
  type FieldOption,
  isEditableRefDataType,
  REFDATA_TYPE_LABELS,
  type RefDataType,
} from '@curlew/domain';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isNotFound, notFoundDetail } from '../../app/errorStatus.ts';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { NotFoundPage } from '../../app/shell/NotFoundPage.tsx';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { showToast } from '../../app/toasts.ts';
import { LpaNeighbours } from './LpaNeighbours.tsx';
import { NcaNeighbours } from './NcaNeighbours.tsx';
import { RefDataForm } from './RefDataForm.tsx';
import { type RefDataRecord, useLpaOptions, useRefDataItem, useSaveRefDataItem } from './refdataApi.ts';
import { cellText, itemName, REFDATA_COLUMNS } from './refdataColumns.ts';
import { formValuesOf, lpaCodeOptions, REFDATA_FORMS } from './refdataForms.ts';
import { pluralLabel, refDataItemPath, useRefDataTypeParam } from './refdataRoute.ts';
import { StandardVersions } from './StandardVersions.tsx';

/** Choices a kind's form needs from the page, and why they may be incomplete. */
interface FormOptions {
  options?: Readonly<Record<string, readonly FieldOption[]>>;
  /** Said above the form while the choices load or when they could not be loaded. */
  notice?: string;
}

/** Choices the page computes for a kind's form: a subcatchment's LPAs (active ones, then its stored codes). */
function useFormOptions(type: EditableRefDataType, item: RefDataRecord | undefined): FormOptions {
  const lpas = useLpaOptions(type === 'subcatchments');
  const options = useMemo(() => {
    if (type !== 'subcatchments') return undefined;
    const stored = Array.isArray(item?.lpaCodes) ? item.lpaCodes.map(String) : [];
    return { lpaCodes: lpaCodeOptions(lpas.data ?? [], stored) };
  }, [type, item, lpas.data]);
  if (options === undefined) return {};
  if (lpas.isError)
    return { options, notice: 'The list of LPAs could not be loaded: only stored codes can be kept.' };
  if (lpas.isPending) return { options, notice: 'Loading the list of LPAs' };
  return { options };
}

/** What the page says about its form's choices (loading, or could not be loaded). */
function FormOptionsNotice({ notice }: { notice: string | undefined }) {
  return notice === undefined ? null : (
    <Text size="sm" c="dimmed" role="status">
      {notice}
    </Text>
  );
}

/** The create form of an editable kind. */
function CreateItem({ type }: { type: EditableRefDataType }) {
  const singular = REFDATA_TYPE_LABELS[type].singular;
  usePageTitle(`New ${singular.toLowerCase()}`);
  useCrumbName('refDataItem', 'New');
  const navigate = useNavigate();
  const save = useSaveRefDataItem(type, undefined);
  const { options, notice } = useFormOptions(type, undefined);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>New {singular.toLowerCase()}</Title>
      <FormOptionsNotice notice={notice} />
      <RefDataForm
        definition={REFDATA_FORMS[type]}
        {...(options === undefined ? {} : { options })}
        submitLabel="Create"
        self={`/settings/${type}`}
        onCancel={() => navigate(`/settings/refdata/${type}`)}
        onSubmit={async (values) => {
          const created = await save.mutateAsync(values);
          showToast(`${singular} created`, 'success');
          navigate(refDataItemPath(type, created.id), { replace: true });
        }}
      />
    </Stack>
  );
}

/** The read-only facts of an item (habitats). */
function ItemFacts({ type, item }: { type: RefDataType; item: RefDataRecord }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {REFDATA_COLUMNS[type].map((column) => (
          <div key={column.key}>
            <Text size="sm" c="dimmed">
              {column.label}
            </Text>
            <Text>{cellText(column, item) || 'None'}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function EditItem({ type, item }: { type: EditableRefDataType; item: RefDataRecord }) {
  const save = useSaveRefDataItem(type, item.id);
  const definition = REFDATA_FORMS[type];
  const { options, notice } = useFormOptions(type, item);
  const initialValues = useMemo(() => formValuesOf(definition, item), [definition, item]);
  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <FormOptionsNotice notice={notice} />
      <RefDataForm
        key={String(item.updatedAt)}
        definition={definition}
        initialValues={initialValues}
        {...(options === undefined ? {} : { options })}
        submitLabel="Save"
        self={`/settings/${type}/${item.id}`}
        onSubmit={async (values) => {
          await save.mutateAsync(values);
          showToast(`Update ${REFDATA_TYPE_LABELS[type].singular.toLowerCase()} succeeded`, 'success');
        }}
      />
    </Paper>
  );
}

function ItemDetails({ type, id }: { type: RefDataType; id: string }) {
  const item = useRefDataItem(type, id);
  const name = item.data ? itemName(type, item.data) : undefined;
  usePageTitle(name ?? REFDATA_TYPE_LABELS[type].singular);
  useCrumbName('refDataItem', name);
  if (item.isPending) return <PageLoader />;
  if (item.isError && isNotFound(item.error))
    return <NotFoundPage detail={notFoundDetail(REFDATA_TYPE_LABELS[type].singular.toLowerCase())} />;
  if (item.isError) {
    return (
      <Alert color="red" title={`Could not load this ${REFDATA_TYPE_LABELS[type].singular.toLowerCase()}`}>
        {item.error.message}
      </Alert>
    );
  }
  const record = item.data;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Title order={1}>{name}</Title>
        {record.active === false ? <Text c="dimmed">(inactive)</Text> : null}
      </Group>
      {isEditableRefDataType(type) ? (
        <EditItem type={type} item={record} />
      ) : (
        <ItemFacts type={type} item={record} />
      )}
      {type === 'standards' ? <StandardVersions standard={record} /> : null}
      {type === 'lpas' ? <LpaNeighbours lpa={record} /> : null}
      {type === 'ncas' ? <NcaNeighbours nca={record} /> : null}
    </Stack>
  );
}

function RefDataItem({ type, id }: { type: RefDataType; id: string }) {
  useCrumbName('refDataType', pluralLabel(type));
  if (id === 'new') return isEditableRefDataType(type) ? <CreateItem type={type} /> : <NotFoundPage />;
  return <ItemDetails type={type} id={id} />;
}

/** settings/refdata/{type}/{id}: an item's details and edit form ('new' creates one). */
export function RefDataItemPage() {
  const type = useRefDataTypeParam();
  const { id } = useParams();
  return type && id ? <RefDataItem type={type} id={id} /> : <NotFoundPage />;
}
