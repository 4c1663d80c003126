import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction, validateAction } from './action.ts';
import { fileValue } from './rules.ts';
import {
  actionSubmissionPath,
  buildActionFormData,
  fileFieldIds,
  serialiseAction,
  withUploadedFiles,
} from './wire.ts';

const upload = defineAction({
  id: 'UploadAgreement',
  entity: 'project',
  title: 'Upload Section 106 agreement',
  actionLabel: 'Confirm upload',
  text: 'Upload the signed agreement.',
  fields: [
    { id: 'file', type: 'File', label: 'Agreement', accept: ['pdf'] },
    { id: 'note', type: 'Input', label: 'Note', value: 'signed', hint: '<b>Why</b>' },
    { id: 'meta.count', type: 'Number', value: 1 },
  ],
  groups: [{ id: 'extra', label: 'Extra', fieldIds: ['note'], collapsible: false }],
  input: z.object({ note: z.string() }),
  warnings: () => [],
  cannotCancel: true,
  lifecycle: { from: ['Certified'] },
});

describe('serialiseAction', () => {
  it('is plain JSON without the schema, warnings or lifecycle', () => {
    const serialised = serialiseAction(upload);
    expect(JSON.parse(JSON.stringify(serialised))).toEqual(serialised);
    expect(serialised).toEqual({
      id: 'UploadAgreement',
      entity: 'project',
      title: 'Upload Section 106 agreement',
      actionLabel: 'Confirm upload',
      text: 'Upload the signed agreement.',
      fields: upload.fields,
      groups: upload.groups,
      steps: [],
      create: false,
      modal: false,
    });
  });
});

describe('buildActionFormData', () => {
  it('lays the server values over the field defaults and takes flags from the definition', () => {
    const formData = buildActionFormData(upload, {
      initialValues: { note: 'from record' },
      declarations: [{ id: 'd1', name: 'Truth', text: 'All true' }],
    });
    expect(formData.initialValues).toEqual({ note: 'from record', meta: { count: 1 } });
    expect(formData.cannotCancel).toBe(true);
    expect(formData.declarations).toHaveLength(1);
    expect(formData).not.toHaveProperty('navigate');
    expect(JSON.parse(JSON.stringify(formData))).toEqual(formData);
  });

  it('lets the record override navigate, submissionUrl and previous', () => {
    const formData = buildActionFormData(upload, {
      navigate: '/projects/7/location',
      submissionUrl: '/project/7/agreement',
      previous: 'SetLocation',
      cannotCancel: false,
    });
    expect(formData).toMatchObject({
      navigate: '/projects/7/location',
      submissionUrl: '/project/7/agreement',
      previous: 'SetLocation',
      cannotCancel: false,
    });
  });
});

describe('actionSubmissionPath', () => {
  const definition = { id: 'Update', create: false };
  it('uses the submission url, else the collection for create actions, else {self}/action/{id}', () => {
    expect(actionSubmissionPath('/organisation/5', { definition, submissionUrl: '/x/y' })).toBe('/x/y');
    expect(actionSubmissionPath('/organisations', { definition: { id: 'Create', create: true } })).toBe(
      '/organisations',
    );
    expect(actionSubmissionPath('/organisation/5', { definition })).toBe('/organisation/5/action/Update');
  });
});

describe('fileFieldIds', () => {
  it('names the multipart parts', () => {
    expect(fileFieldIds(upload.fields)).toEqual(['file']);
  });
});

describe('withUploadedFiles', () => {
  it('puts each file part at its field path so the shared schema validates the whole submission', () => {
    const agreement = defineAction({
      id: 'UploadNested',
      title: 'Upload',
      fields: [
        { id: 'note', type: 'Input' },
        { id: 'docs.agreement', type: 'File', accept: ['pdf'] },
      ],
      input: z.object({ note: z.string(), docs: z.object({ agreement: fileValue(['pdf']) }) }),
    });
    const stored = { name: 'a.pdf', size: 12, type: 'application/pdf', storageKey: 'files/1' };
    const values = withUploadedFiles({ note: 'signed' }, { 'docs.agreement': stored });
    expect(values).toEqual({ note: 'signed', docs: { agreement: stored } });
    const result = validateAction(agreement, values);
    expect(result.success && result.data.docs.agreement).toBe(stored);
    const refused = withUploadedFiles(
      { note: 'x' },
      { 'docs.agreement': { name: 'a.exe', size: 1, type: '' } },
    );
    expect(validateAction(agreement, refused).errors).toEqual([
      { path: 'docs.agreement', message: 'Executable and disk image files cannot be uploaded' },
    ]);
  });
});
