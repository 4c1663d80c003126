import type { z } from 'zod';
import type { FormIssue } from '../forms/action.ts';
import { DECLARATIONS_FIELD, declarationsValue } from '../forms/rules.ts';
import type { DeclarationPrompt } from '../forms/wire.ts';
import type { Declaration } from '../refdata/refdata.records.ts';
import { MESSAGES } from '../validation/messages.ts';
import { DECLARATION_CATEGORIES, type DeclarationCategory } from '../vocab/market.ts';

/** Who answers a declaration: a participant for itself, or an agent for its client. */
export const DECLARATION_AUDIENCES = ['participants', 'agents'] as const;
/** One declaration audience. */
export type DeclarationAudience = (typeof DECLARATION_AUDIENCES)[number];

/**
 * The answers of a registration, offer or bid to the round's declarations (`declarations.{id}`): each answer given
 * must be true ('Must be agreed to'); none given when the round asks none. The server also checks that every
 * declaration asked was answered (`declarationAnswerIssues`).
 */
const declarationAnswers = () =>
  declarationsValue()
    .optional()
    .transform((answers) => answers ?? {});

/** The declaration fields' share of an action's input shape. */
export const declarationsShape = { [DECLARATIONS_FIELD]: declarationAnswers() };

/** The parsed answers: declaration id -> true. */
export type DeclarationAnswers = z.output<ReturnType<typeof declarationAnswers>>;

/**
 * The problems of a set of answers against the declarations asked: each unanswered one 'Field required', each
 * answered false 'Must be agreed to', at `declarations.{id}`.
 */
export const declarationAnswerIssues = (
  asked: readonly Pick<DeclarationPrompt, 'id'>[],
  answers: Readonly<Record<string, unknown>> | undefined,
): FormIssue[] =>
  asked.flatMap(({ id }) => {
    const answer = answers?.[id];
    const path = `${DECLARATIONS_FIELD}.${id}`;
    if (answer === true) return [];
    return [{ path, message: answer === false ? MESSAGES.mustAgree : MESSAGES.required }];
  });

/** Whether a declaration is asked of an audience. */
const isDeclarationFor = (
  declaration: Pick<Declaration, 'isForAgents' | 'isForParticipants'>,
  audience: DeclarationAudience,
): boolean => (audience === 'agents' ? declaration.isForAgents : declaration.isForParticipants);

/** The round's declarations an action of a category asks of an audience, as prompts for the form data. */
export const declarationPrompts = (
  declarations: readonly Pick<
    Declaration,
    'id' | 'name' | 'text' | 'category' | 'isForAgents' | 'isForParticipants'
  >[],
  category: DeclarationCategory,
  audience: DeclarationAudience,
): DeclarationPrompt[] =>
  declarations
    .filter((declaration) => declaration.category === category && isDeclarationFor(declaration, audience))
    .map(({ id, name, text }) => ({ id, name, text, category }));

/** A declaration category and audience that has no declaration in a round. */
export interface MissingDeclaration {
  category: DeclarationCategory;
  audience: DeclarationAudience;
}

/**
 * The categories a round must have a declaration for before it opens, for participants and for agents (MARKET.md
 * section 1: Open is refused while one has none). The round's checklist lists them (`openChecklist`).
 */
export const missingDeclarations = (
  declarations: readonly Pick<Declaration, 'category' | 'isForAgents' | 'isForParticipants'>[],
): MissingDeclaration[] =>
  DECLARATION_CATEGORIES.flatMap((category) =>
    DECLARATION_AUDIENCES.filter(
      (audience) =>
        !declarations.some(
          (declaration) => declaration.category === category && isDeclarationFor(declaration, audience),
        ),
    ).map((audience) => ({ category, audience })),
  );
