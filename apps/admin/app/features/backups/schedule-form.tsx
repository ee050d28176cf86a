import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  BACKUP_KEEP_MAX,
  BACKUP_KEEP_MIN,
  adminBackupsApi,
  type BackupSchedule,
  type BackupScheduleKind,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call, errorText } from '../../lib/api';
import { success } from '../../lib/toast';
import { BACKUPS_KEY } from './queries';

const CHOICES: { value: BackupScheduleKind; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
];

type Errors = { schedule?: string; keep?: string; form?: string };

function errorsOf(err: unknown): Errors {
  if (err instanceof ApiError && (err.errors.schedule || err.errors.keep))
    return { schedule: err.errors.schedule?.[0], keep: err.errors.keep?.[0] };
  return { form: errorText(err) };
}

/** Off, daily or weekly, and how many scheduled backups to keep (the oldest beyond go after each scheduled one; those taken by hand stay). */
export function ScheduleForm({ saved }: { saved: BackupSchedule }) {
  const id = useId();
  const qc = useQueryClient();
  const [schedule, setSchedule] = useState(saved.schedule);
  const [keep, setKeep] = useState(String(saved.keep));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const typed = keep.trim() === '' ? Number.NaN : Number(keep);
      const { message } = await call(adminBackupsApi.schedule, { body: { schedule, keep: typed } });
      void qc.invalidateQueries({ queryKey: BACKUPS_KEY });
      void success(message ?? 'Saved');
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="Backup schedule"
      onSubmit={(e) => void save(e)}
      noValidate
      className="card grid gap-4 p-4 sm:grid-cols-[1fr_11rem_auto] sm:items-start sm:p-5"
    >
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Scheduled backups</legend>
        <div className="flex gap-2" role="radiogroup" aria-invalid={errors.schedule ? true : undefined}>
          {CHOICES.map((c) => (
            <label
              key={c.value}
              className="flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-xl border border-line px-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-stone-100 has-[:checked]:font-semibold has-[:checked]:ring-1 has-[:checked]:ring-brand"
            >
              <input
                type="radio"
                name={`${id}-schedule`}
                value={c.value}
                checked={schedule === c.value}
                onChange={() => {
                  setSchedule(c.value);
                  setErrors({});
                }}
                className="sr-only"
              />
              {c.label}
            </label>
          ))}
        </div>
        {errors.schedule && <span className="text-sm font-medium text-red-700">{errors.schedule}</span>}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-keep`} className="text-sm font-medium">
          Keep
        </label>
        <input
          id={`${id}-keep`}
          className="input"
          inputMode="numeric"
          value={keep}
          onChange={(e) => {
            setKeep(e.target.value);
            setErrors({});
          }}
          aria-invalid={errors.keep ? true : undefined}
          aria-describedby={`${id}-keep-help`}
        />
        <span id={`${id}-keep-help`} className="text-xs text-muted">
          {BACKUP_KEEP_MIN}–{BACKUP_KEEP_MAX} newest scheduled ones; those taken by hand stay until you delete them
        </span>
        {errors.keep && <span className="text-sm font-medium text-red-700">{errors.keep}</span>}
      </div>
      <Button type="submit" variant="primary" isDisabled={busy} className="min-h-11 sm:mt-7">
        Save schedule
      </Button>
      {errors.form && (
        <div className="sm:col-span-3">
          <FormMessage>{errors.form}</FormMessage>
        </div>
      )}
    </form>
  );
}
