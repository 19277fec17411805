// A signup question as the API shows it.
import { apiTime } from '../../primitives/time.ts';
import type { Question } from './questions.service.ts';

export function presentQuestion(question: Question) {
  return {
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    choices: question.choices,
    required: question.required,
    created_at: apiTime(question.created_at),
  };
}
