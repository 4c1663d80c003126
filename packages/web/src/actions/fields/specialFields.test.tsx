import {
  BLOCKED_FILE_MESSAGE,
  buildActionFormData,
  defineAction,
  fileValue,
  phone,
  replaceDocumentAction,
  richTextValue,
} from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerActions } from '../registry.ts';
import { renderForm } from '../testing/render.tsx';

const Upload = defineAction({
  id: 'Upload',
  entity: 'specialtest',
  title: 'Upload',
  fields: [{ id: 'agreement', type: 'File', label: 'Agreement', accept: ['pdf', 'xlsx', 'zip'] }],
  input: z.object({ agreement: fileValue(['pdf', 'xlsx', 'zip']) }),
});
const Contact = defineAction({
  id: 'Contact',
  entity: 'specialtest',
  title: 'Contact',
  fields: [{ id: 'phone', type: 'Phone', label: 'Phone' }],
  input: z.object({ phone: phone() }),
});
const Comment = defineAction({
  id: 'Comment',
  entity: 'specialtest',
  title: 'Comment',
  fields: [{ id: 'content', type: 'RichText', label: 'Comment' }],
  input: z.object({ content: richTextValue() }),
});
registerActions([Upload, Contact, Comment]);

const fileInput = (): HTMLInputElement => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('No file input');
  return input;
};

describe('File field', () => {
  it('accepts an allowed file', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Upload));
    expect(fileInput()).toHaveAttribute('accept', '.pdf,.xlsx,.zip');
    await user.upload(fileInput(), new File(['%PDF-1.7'], 'agreement.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('agreement.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['installer.msi', ''],
    ['run.bat', 'text/plain'],
    ['disk.iso', 'application/x-iso9660-image'],
    ['mac.dmg', 'application/x-apple-diskimage'],
    ['tool.sh', 'application/x-sh'],
    ['firmware.bin', 'application/octet-stream'],
    ['report.pdf.exe', ''],
  ])('refuses %s with a clear message', async (name, type) => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(buildActionFormData(Upload));
    await user.upload(fileInput(), new File(['MZ'], name, { type }));
    expect(await screen.findByText(BLOCKED_FILE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(name)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('refuses a type the field does not accept', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(buildActionFormData(Upload));
    await user.upload(fileInput(), new File(['x'], 'notes.docx', { type: '' }));
    expect(await screen.findByText('Only pdf, xlsx or zip files are allowed')).toBeInTheDocument();
  });

  it('takes only the extensions of the document chosen for replacement', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(
      buildActionFormData(replaceDocumentAction, {
        options: { tag: [{ value: 'AuthorityToAct', label: 'Authority to act', accept: ['pdf'] }] },
      }),
    );
    await waitFor(() => expect(fileInput()).toHaveAttribute('accept', '.pdf'));
    await user.upload(fileInput(), new File(['a,b'], 'authority.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Only pdf files are allowed')).toBeInTheDocument();
    expect(screen.queryByText('authority.csv')).not.toBeInTheDocument();
  });
});

describe('Phone field', () => {
  it('starts blank with the United Kingdom, reads national and international numbers, and stores E.164', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Contact));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Phone country: United Kingdom +44' })).toBeInTheDocument();
    await user.type(input, '12');
    expect(input).toHaveAccessibleDescription('Not a valid phone number');
    await user.clear(input);
    await user.type(input, '07700 900123');
    expect(input).toHaveValue('07700 900123');
    expect(input).not.toHaveAccessibleDescription();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.clear(input);
    await user.type(input, '+44 123');
    expect(input).toHaveAccessibleDescription('Not a valid phone number');
  });

  it('shows its error at the size of the other fields', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Contact));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '12');
    const message = screen.getByText('Not a valid phone number');
    expect(message).toHaveClass('mantine-InputWrapper-error');
  });

  it('lists the United Kingdom first and draws every flag from our own files', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Contact));
    await user.click(screen.getByRole('button', { name: 'Phone country: United Kingdom +44' }));
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(options[0]).toHaveAccessibleName('United Kingdom +44');
    expect(options.length).toBeGreaterThan(200);
    const sources = Array.from(list.querySelectorAll('img'), (image) => image.getAttribute('src') ?? '');
    expect(sources.length).toBe(options.length);
    expect(sources.every((source) => source.includes('/country-flag-icons/'))).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Search countries' }), 'France');
    await user.click(screen.getByRole('option', { name: 'France +33' }));
    expect(screen.getByRole('button', { name: 'Phone country: France +33' })).toBeInTheDocument();
  });
});

describe('RichText field', () => {
  // The editor chunk is compiled on first use; load it up front so the tests do not wait on the compiler.
  beforeAll(() => import('../richtext/RichTextEditor.tsx'), 120_000);

  it('loads the editor lazily and shows the stored text', async () => {
    const json = JSON.stringify({
      root: {
        type: 'root',
        version: 1,
        direction: null,
        format: '',
        indent: 0,
        children: [
          {
            type: 'heading',
            tag: 'h2',
            version: 1,
            direction: null,
            format: '',
            indent: 0,
            children: [
              {
                type: 'text',
                text: 'Site visit',
                version: 1,
                detail: 0,
                format: 0,
                mode: 'normal',
                style: '',
              },
            ],
          },
        ],
      },
    });
    renderForm(buildActionFormData(Comment, { initialValues: { content: { json, text: 'Site visit' } } }));
    const editor = await screen.findByRole('textbox', { name: 'Comment' });
    await waitFor(() => expect(editor).toHaveTextContent('Site visit'));
    expect(within(editor).getByRole('heading', { level: 2 })).toHaveTextContent('Site visit');
    expect(screen.getByRole('combobox', { name: 'Block type' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the red-bordered error box when the stored value cannot be rendered', async () => {
    renderForm(
      buildActionFormData(Comment, { initialValues: { content: { json: '{"root":', text: 'broken' } } }),
    );
    const box = await screen.findByText('An error was thrown.');
    expect(box).toHaveStyle({ borderStyle: 'solid', borderColor: '#c92a2a' });
  });

  it('requires text in an empty editor', async () => {
    renderForm(buildActionFormData(Comment));
    await screen.findByRole('textbox', { name: 'Comment' });
    expect(screen.getByText('Field required')).toBeInTheDocument();
  });
});
