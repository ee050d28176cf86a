import { useEffect, useRef } from 'react';
import { FAQ_LIMITS } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { EditorCard, TextInput, Toggle } from '../theme/fields';
import type { EditQuestion } from './editor';

/**
 * The open question: its text, its answer (plain text; line breaks kept), whether shoppers see it,
 * and the buttons that move it (for the keyboard and a phone, beside the list's drag and drop) or
 * remove it. The API's messages show under each field.
 */
export function QuestionForm({
  item,
  errors,
  moves,
  onChange,
  onRemove,
}: {
  item: EditQuestion;
  errors: Record<string, string>;
  moves: Record<'up' | 'down', (() => void) | null>;
  onChange: (change: Partial<EditQuestion>) => void;
  onRemove: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the form sits under the list: bring it into view when a question opens.
  useEffect(() => {
    void ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref} className="scroll-mt-20 scroll-mb-40 lg:sticky lg:top-20">
      <EditorCard title="Question">
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
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" data-testid="question-actions">
          <Button isDisabled={!moves.up} onPress={() => moves.up?.()} data-testid="move-up">
            Move up
          </Button>
          <Button isDisabled={!moves.down} onPress={() => moves.down?.()} data-testid="move-down">
            Move down
          </Button>
          <Button variant="danger" className="col-span-2" onPress={onRemove} data-testid="remove-question">
            Remove
          </Button>
        </div>
      </EditorCard>
    </div>
  );
}
