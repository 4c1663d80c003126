/**
 * The wire format of actions between server and browser (SPEC 7 "Action calls").
 *
 * - `GET /api{self}/action/{actionId}` answers `ActionFormData` (self links look like `/organisation/123`;
 *   for a create action `self` is the collection, e.g. `/organisations`).
 * - Submission: `POST /api{submissionUrl}` when the form data gives one, else `POST /api{self}` for a create
 *   action, else `POST /api{self}/action/{actionId}`. The body is the JSON of the form values; when a file is
 *   present it is `multipart/form-data` instead: a `submission` part holding that JSON without the file fields,
 *   and one part per file named by its field id (dotted path) with the file's name and type.
 * - Success answers `ActionResult` (200 or 201). Failure answers the API's `ErrorBody` (errors/api-errors.ts) with
 *   401, 403, 404, 409 or 422 (422 carries `errors: [{ path, message }]` with dotted field paths).
 * - Every entity response lists `actions: EntityAction[]` for the signed-in user.
 */
import type { ActionConfirm, AnyActionDefinition, FormIssue } from './action.ts';
import type {
  FieldCondition,
  FieldDefinition,
  FieldOption,
  FormGroup,
  FormStep,
  JsonValue,
} from './fields.ts';
import { type FormValues, setPath, type UploadedFile } from './values.ts';

/** The JSON part of a definition: no zod, no functions. */
export interface SerialisedAction {
  id: string;
  entity?: string;
  title: string;
  actionLabel: string;
  text?: string;
  fields: readonly FieldDefinition[];
  groups: readonly FormGroup[];
  steps: readonly FormStep[];
  create: boolean;
  modal: boolean;
  /** A last step checking the answers before submitting. */
  confirm?: ActionConfirm;
}

/** A declaration the user must agree to in this action; answers go to `declarations.{id}` (see DECLARATIONS_FIELD). */
export interface DeclarationPrompt {
  id: string;
  name: string;
  /** The statement, plain text. */
  text: string;
  category?: string;
  /** Asked only while this condition holds (e.g. for the market rounds that ask it, of the round chosen). */
  visibleWhen?: FieldCondition;
}

/** The answer of `GET {self}/action/{actionId}`: everything the browser needs to show the form. */
export interface ActionFormData {
  definition: SerialisedAction;
  /** Prefilled values by field path (nested objects for dotted ids); files are never prefilled. */
  initialValues: FormValues;
  /** Options computed by the server, keyed by field id; they win over the field's own options and source. */
  options: Readonly<Record<string, readonly FieldOption[]>>;
  /** Values the form or its warnings may need (e.g. limits of the round). */
  settings: Readonly<Record<string, JsonValue>>;
  declarations: readonly DeclarationPrompt[];
  /** Warnings known when the form opens (e.g. 'Not registered as a supplier in any open market rounds'). */
  warnings: readonly FormIssue[];
  cannotCancel: boolean;
  /** When present the browser goes to this app route instead of opening the form. */
  navigate?: string;
  /** API path (no `/api` prefix) the form is submitted to instead of the default. */
  submissionUrl?: string;
  /** Id of the previous step's action in a server-driven flow; the browser shows 'Previous'. */
  previous?: string;
}

/** The answer to a successful submission. */
export interface ActionResult {
  /** Shown in the success toast instead of '{title} succeeded'. */
  message?: string;
  data?: JsonValue;
  /** The record acted on or created. */
  context?: { id: string; self: string };
  /** Continue a server-driven flow with this action (on `context.self` when given, else the same self). */
  nextAction?: { id: string };
  /** An app route to go to after success. */
  navigate?: string;
}

/**
 * One action of an entity for the signed-in user; `reason` says why it is disabled, `byRole` that it is refused
 * for the user's role or relation to the record (never theirs to take), so pages leave it out, and `next` that a
 * refused action is the record's next step in its lifecycle (its status allows it and it moves the record on), so
 * pages keep it in sight as a disabled button with its reason. A record without a lifecycle (a group) marks its
 * next steps `next` whether enabled or refused, its page showing them first.
 */
export interface EntityAction {
  id: string;
  title: string;
  enabled: boolean;
  reason?: string;
  byRole?: true;
  next?: true;
}

/** Name of the multipart part holding the JSON of the non-file values. */
export const SUBMISSION_PART = 'submission';

/** The JSON form of a definition for `ActionFormData.definition`. */
export const serialiseAction = (action: AnyActionDefinition): SerialisedAction => {
  const serialised: SerialisedAction = {
    id: action.id,
    title: action.title,
    actionLabel: action.actionLabel,
    fields: action.fields,
    groups: action.groups,
    steps: action.steps,
    create: action.create ?? false,
    modal: action.modal ?? false,
  };
  if (action.entity !== undefined) serialised.entity = action.entity;
  if (action.text !== undefined) serialised.text = action.text;
  if (action.confirm !== undefined) serialised.confirm = action.confirm;
  return serialised;
};

/** The fields' own `value`s as form values: the defaults under the server's initial values. */
const defaultValues = (fields: readonly FieldDefinition[]): FormValues =>
  fields.reduce<FormValues>(
    (values, field) => ('value' in field ? setPath(values, field.id, field.value) : values),
    {},
  );

/** What the server adds to a definition for one record and user. */
export interface FormDataExtras {
  initialValues?: FormValues;
  options?: Readonly<Record<string, readonly FieldOption[]>>;
  settings?: Readonly<Record<string, JsonValue>>;
  declarations?: readonly DeclarationPrompt[];
  warnings?: readonly FormIssue[];
  cannotCancel?: boolean;
  navigate?: string;
  submissionUrl?: string;
  previous?: string;
}

const mergeValues = (base: FormValues, over: FormValues): FormValues =>
  Object.entries(over).reduce((values, [key, value]) => setPath(values, key, value), base);

/** Builds the answer of `GET {self}/action/{actionId}`; per-record extras override the definition's defaults. */
export const buildActionFormData = (
  action: AnyActionDefinition,
  extras: FormDataExtras = {},
): ActionFormData => {
  const formData: ActionFormData = {
    definition: serialiseAction(action),
    initialValues: mergeValues(defaultValues(action.fields), extras.initialValues ?? {}),
    options: extras.options ?? {},
    settings: extras.settings ?? {},
    declarations: extras.declarations ?? [],
    warnings: extras.warnings ?? [],
    cannotCancel: extras.cannotCancel ?? action.cannotCancel ?? false,
  };
  const navigate = extras.navigate ?? action.navigate;
  const submissionUrl = extras.submissionUrl ?? action.submissionUrl;
  const previous = extras.previous ?? action.previous;
  if (navigate !== undefined) formData.navigate = navigate;
  if (submissionUrl !== undefined) formData.submissionUrl = submissionUrl;
  if (previous !== undefined) formData.previous = previous;
  return formData;
};

/** The API path (no `/api` prefix) a form is submitted to; see the module comment. */
export const actionSubmissionPath = (
  self: string,
  formData: Pick<ActionFormData, 'submissionUrl'> & { definition: Pick<SerialisedAction, 'id' | 'create'> },
): string => {
  if (formData.submissionUrl !== undefined) return formData.submissionUrl;
  if (formData.definition.create) return self;
  return `${self}/action/${formData.definition.id}`;
};

/** The ids of an action's File fields: the multipart part names the runner maps back into the values. */
export const fileFieldIds = (fields: readonly FieldDefinition[]): readonly string[] =>
  fields.filter((field) => field.type === 'File').map((field) => field.id);

/**
 * The values of a multipart submission for the runner: the parsed `submission` part with each uploaded file set
 * at its field id (the part name), ready for the action's `input` schema.
 */
export const withUploadedFiles = <F extends UploadedFile>(
  submission: FormValues,
  files: Readonly<Record<string, F>>,
): FormValues =>
  Object.entries(files).reduce((values, [fieldId, file]) => setPath(values, fieldId, file), submission);
