import { Link } from 'react-router';

export const meta = () => [{ title: 'Not found · Shop admin' }];

export default function NotFound() {
  return (
    <div className="card px-5 py-10 text-center">
      <h1 className="text-xl font-semibold">This page does not exist</h1>
      <p className="mt-1 text-sm text-muted">It may not be built yet, or the address is mistyped.</p>
      <Link to="/" className="btn btn-primary mt-5">
        Go to the start
      </Link>
    </div>
  );
}
