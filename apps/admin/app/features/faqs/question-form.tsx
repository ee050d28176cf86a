import { FAQ_LIMITS } from '@shopfront/shared';
import { OpenRowCard } from '../../components/ui/ordered-editor';
import type { OpenRowProps } from '../../lib/use-ordered-draft';
import { TextInput, Toggle } from '../theme/fields';
import type { EditQuestion } from './editor';

/**
 * The open question: its text, its answer (plain text; line breaks kept), whether shoppers see it,
 * and the buttons that move it (for the keyboard and a phone, beside the list's drag and drop) or
 * remove it. The API's messages show under each field.
 */
export function QuestionForm({ row: item, errors, moves, onChange, onRemove }: OpenRowProps<EditQuestion>) {
  return (
    <OpenRowCard title="Question" noun="question" moves={moves} onRemove={onRemove}>
      <TextInput
        label="Question"
        value={item.question}
        onChange={(question) => onChange({ question })}
        error={errors.question}
        hint={`Up to ${FAQ_LIMITS.questionMax} characters`}
        testId="question"
      />
      <TextInput
        label="Answer"
        value={item.answer}
        rows={6}
        onChange={(answer) => onChange({ answer })}
        error={errors.answer}
        hint={`Plain text, up to ${FAQ_LIMITS.answerMax} characters`}
        testId="answer"
      />
      <Toggle
        label="Shown to shoppers"
        checked={item.is_published}
        onChange={(is_published) => onChange({ is_published })}
        testId="question-published"
      />
    </OpenRowCard>
  );
}
