import { Link } from 'react-router';
import { Button } from './button';

/**
 * Where a FAQ group, a slider or a form shows (each template a link to its editor), or, when nowhere, its
 * Delete button: the API refuses to delete one a template shows.
 */
export function UsedBy({
  usedBy,
  noun,
  section,
  onDelete,
  deleting,
  testId,
  deleteTestId,
}: {
  usedBy: readonly { id: string; name: string }[];
  /** What it is: "group", "slider", "form". */
  noun: string;
  /** The section that would show it: "a FAQ section". */
  section: string;
  onDelete: () => void;
  deleting: boolean;
  testId: string;
  deleteTestId: string;
}) {
  if (!usedBy.length)
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted" data-testid={testId}>
        <span>
          No template shows this {noun} yet: add {section} to one to show it.
        </span>
        <Button variant="danger" isDisabled={deleting} onPress={onDelete} data-testid={deleteTestId}>
          Delete {noun}
        </Button>
      </div>
    );
  return (
    <p className="text-sm text-muted" data-testid={testId}>
      Shown by{' '}
      {usedBy.map((t, i) => (
        <span key={t.id}>
          {i > 0 && ', '}
          <Link to={`/templates/${t.id}`} className="font-medium text-ink underline">
            {t.name}
          </Link>
        </span>
      ))}
      {'. '}
      To delete the {noun}, take it out of {usedBy.length === 1 ? 'that template' : 'those templates'} first.
    </p>
  );
}
