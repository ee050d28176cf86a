import { useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import {
  REVIEW_BODY_MAX,
  REVIEW_TITLE_MAX,
  RateProductBodySchema,
  callEndpoint,
  reviewMessages,
  reviewsApi,
  type RateProductBody,
} from '@shopfront/shared';
import { FieldFrame, TextField, describedBy, inputBorder, inputClass } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { browserTransport } from '../../../lib/api.client';
import { reportFailure } from '../../auth/auth-api';
import { useSchemaForm } from '../../auth/use-schema-form';

const STAR_PATH = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8L10 1.5z';
const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

type ReviewValues = {
  slug: string;
  rating: number | undefined;
  title: string;
  body: string;
};

/** Five radio buttons drawn as stars: arrow keys move between them, the label says the number. */
function StarPicker({
  value,
  onValue,
  error,
}: {
  value: number | undefined;
  onValue: (n: number) => void;
  error: string | undefined;
}) {
  const id = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value || 0;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">Rating</legend>
      <div className="flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer p-0.5" onMouseEnter={() => setHover(n)}>
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={value === n}
                onChange={() => onValue(n)}
                aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                className="peer sr-only"
              />
              <svg
                viewBox="0 0 20 20"
                aria-hidden="true"
                className={`size-8 rounded transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-primary ${
                  n <= shown ? 'text-accent' : 'text-ink/15'
                }`}
                fill="currentColor"
              >
                <path d={STAR_PATH} />
              </svg>
            </label>
          ))}
        </div>
        <span className="text-sm text-muted" aria-hidden="true">
          {STAR_WORDS[shown]}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700" data-field-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The write-a-review dialog (loaded when a customer first opens it: it brings the form schemas). */
export function ReviewDialog({
  open,
  onClose,
  productSlug,
  productName,
}: {
  open: boolean;
  onClose: () => void;
  productSlug: string;
  productName: string;
}) {
  const titleId = useId();
  const bodyId = useId();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm<ReviewValues>(
    RateProductBodySchema,
    { slug: productSlug, rating: undefined, title: '', body: '' },
    'submit',
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const payload = form.validate() as RateProductBody | null;
    if (!payload || busy) return;
    setBusy(true);
    try {
      const res = await callEndpoint(browserTransport, reviewsApi.rateProduct, { body: payload });
      toast.success(res.message ?? reviewMessages.reviewSaved);
      form.reset();
      onClose();
      // The new review and the product's rating come from the server, like everything else.
      await revalidator.revalidate();
    } catch (err) {
      reportFailure(err, { fields: ['rating', 'title', 'body'], setErrors: form.setErrors });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Write a review" titleId={titleId} testId="review-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
        <p className="text-sm text-muted">{productName}</p>
        <StarPicker value={form.values.rating} onValue={(n) => form.setValue('rating', n)} error={form.errors.rating} />
        <TextField
          label="Title"
          labelAside={<span className="text-xs text-muted">optional</span>}
          {...form.field('title')}
          maxLength={REVIEW_TITLE_MAX}
          placeholder="Sum it up in a few words"
        />
        <FieldFrame
          id={bodyId}
          label="Review"
          labelAside={<span className="text-xs text-muted">optional</span>}
          error={form.errors.body}
          hint={`${form.values.body.length} / ${REVIEW_BODY_MAX}`}
        >
          <textarea
            id={bodyId}
            value={form.values.body}
            onChange={(e) => form.setValue('body', e.target.value)}
            maxLength={REVIEW_BODY_MAX}
            rows={5}
            placeholder="What did you like or dislike?"
            aria-invalid={form.errors.body ? true : undefined}
            aria-describedby={describedBy(bodyId, form.errors.body, true)}
            className={`${inputClass} ${inputBorder(form.errors.body)} h-auto py-3`}
          />
        </FieldFrame>
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy && <Spinner />}
          Submit review
        </button>
      </form>
    </Modal>
  );
}
