import { Link } from 'react-router';

/** The account lists' closing line: what was placed as a guest is found on the track page. */
export function GuestTrackLink({ lead }: { lead: string }) {
  return (
    <p className="text-sm text-muted">
      {lead}{' '}
      <Link
        to="/track-order"
        className="inline-flex min-h-11 items-center font-semibold text-ink underline underline-offset-4"
      >
        Track it with its number
      </Link>
    </p>
  );
}
