import { zoneLabel } from './page-form';

/**
 * When a scheduled page or post goes out: a date and time on the shop's clock (its time zone
 * named beside it, so an owner travelling abroad schedules in the shop's time, not theirs).
 */
export function SchedulePicker({
  id,
  value,
  timeZone,
  error,
  onChange,
}: {
  id: string;
  /** datetime-local, on the shop's clock. */
  value: string;
  timeZone: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Publish at
      </label>
      <input
        id={id}
        type="datetime-local"
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-zone`}
        onChange={(e) => onChange(e.target.value)}
        data-testid={id}
      />
      <p id={`${id}-zone`} className="text-sm text-muted" data-testid="schedule-zone">
        The shop’s time: {timeZone.replace(/_/g, ' ')} ({zoneLabel(timeZone)})
      </p>
      {error && (
        <p className="text-sm font-medium text-red-700" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
