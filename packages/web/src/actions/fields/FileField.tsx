import { type FileField as FileFieldDefinition, fileProblem } from '@curlew/domain';
import { FileInput } from '@mantine/core';
import { isChosenFile } from '../actionApi.ts';
import { type FieldControlProps, inputFeedback } from './fieldProps.ts';

/**
 * A single file. Executables and disk images (and, when the field lists `accept`, other extensions) are refused:
 * they never become the value and the reason shows under the field.
 */
export function FileField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
  onRefuse,
}: FieldControlProps<FileFieldDefinition>) {
  const accept = field.accept?.map((extension) => `.${extension.replace(/^\./, '')}`).join(',');
  return (
    <FileInput
      id={inputId}
      value={isChosenFile(value) ? value : null}
      onChange={(file) => {
        if (file === null) {
          onRefuse(undefined);
          onChange(undefined);
          return;
        }
        const problem = fileProblem(file, field.accept);
        onRefuse(problem);
        onChange(problem === undefined ? file : undefined);
      }}
      accept={accept}
      clearable
      clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
      placeholder="Choose a file"
      {...inputFeedback({ error, warning })}
    />
  );
}
