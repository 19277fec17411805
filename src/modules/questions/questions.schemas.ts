import Type from 'typebox';
import { FormBoolean } from '../../http/form-boolean.ts';
import { BetaParams, Timestamp } from '../../http/schemas.ts';
import { ChosenId } from '../betas/betas.schemas.ts';

export const QuestionKinds = ['text', 'multiple_choice', 'multiple_select', 'scale', 'agreement'] as const;

export const MAX_PROMPT_LENGTH = 1000;
export const MAX_CHOICE_LENGTH = 500;
export const MAX_CHOICES = 100;

export const QuestionSchema = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.Enum(QuestionKinds),
    prompt: Type.String(),
    choices: Type.Array(Type.String(), { description: 'Options, answered by zero-based index; empty for text and agreement' }),
    required: Type.Boolean(),
    created_at: Timestamp,
  },
  { $id: 'Question' },
);

const QuestionInputFields = Type.Partial(
  Type.Object({
    kind: Type.Enum(QuestionKinds, { description: 'text, multiple_choice, multiple_select, scale or agreement' }),
    prompt: Type.String({ minLength: 1, maxLength: MAX_PROMPT_LENGTH }),
    choices: Type.Array(Type.String({ minLength: 1, maxLength: MAX_CHOICE_LENGTH }), {
      maxItems: MAX_CHOICES,
      description: 'Required for multiple_choice, multiple_select and scale; empty or absent for text and agreement',
    }),
    required: FormBoolean({ description: 'The question must be answered (agreement: answered 1). Default false' }),
  }),
);

const QuestionCreateFields = Type.Partial(Type.Object({ id: ChosenId, ...QuestionInputFields.properties }));

export const QuestionCreateBody = Type.Object({
  question: Type.Optional({ ...QuestionCreateFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...QuestionCreateFields.properties,
});

export const QuestionUpdateBody = Type.Object({
  question: Type.Optional({ ...QuestionInputFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...QuestionInputFields.properties,
});

export const QuestionParams = Type.Object({
  ...BetaParams.properties,
  question_id: Type.String({ maxLength: 40, description: 'Question id' }),
});
